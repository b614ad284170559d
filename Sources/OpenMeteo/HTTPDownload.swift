/// A reply body received into a temporary file (`HTTPClient.download`): read it from `path`
/// while this value lives; the file is removed when the last reference goes.
public final class HTTPDownload: Sendable {
  /// The body's file.
  public var path: String { file.path }
  /// The body's size in bytes.
  public let size: Int
  /// When the attempt that got this body started (epoch seconds).
  public let requestedAt: Int64
  private let file: BodyFile

  init(file: BodyFile, requestedAt: Int64) {
    self.file = file
    size = file.size
    self.requestedAt = requestedAt
  }

  deinit { file.remove() }
}
