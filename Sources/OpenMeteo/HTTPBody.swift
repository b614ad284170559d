import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A body received with HTTP 200.
public struct HTTPBody: Sendable {
  public let status: Int
  public let bytes: [UInt8]
  /// When the attempt that got this body started (epoch seconds): after retries and rate-limit
  /// waits this, not the first attempt, is the request time an `issued_at` is floored from.
  public var requestedAt: Int64 = 0
  /// The body's size on the wire, before gzip was undone (equal to `bytes.count` when the server
  /// did not compress it): what the transfer cost.
  public var wireBytes: Int

  public init(status: Int, bytes: [UInt8], wireBytes: Int? = nil) {
    self.status = status
    self.bytes = bytes
    self.wireBytes = wireBytes ?? bytes.count
  }
}
