import Foundation

/// A fresh directory under the system temporary folder, removed when released. Every test that
/// touches files makes its own, so tests run in parallel.
public final class TemporaryDirectory: Sendable {
  public let path: String

  public init() {
    path = NSTemporaryDirectory() + "skycast-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }
}
