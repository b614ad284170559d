import SkycastModel
import Store

/// Where a stored response came from: the fetch log's url (without key), byte count, SHA-256
/// and call weight. Computed once per body, shared by every city in it.
public struct ResponseProvenance: Sendable, Equatable {
  public var url: String?
  public var bytes: Int
  public var sha256: String
  /// This city's share of the request's call weight.
  public var callWeight: Double?
  /// The model run behind the reply, per model (`collect` reads it from `meta.json`).
  package var runs: [String: ModelRunRecord] = [:]

  public init(url: String?, body: [UInt8], callWeight: Double?) {
    self.url = url
    self.bytes = body.count
    self.sha256 = SHA256.hexDigest(body)
    self.callWeight = callWeight
  }
}

extension FetchRecord {
  /// Records where the body came from: URL (without key), byte count, SHA-256, and this row's
  /// share of the call weight when one body fed `rowsPerBody` fetch rows (several models).
  public mutating func record(_ provenance: ResponseProvenance, rowsPerBody: Int = 1) {
    url = provenance.url
    bytes = provenance.bytes
    bodySHA256 = provenance.sha256
    callWeight = provenance.callWeight.map { $0 / Double(max(1, rowsPerBody)) }
  }
}
