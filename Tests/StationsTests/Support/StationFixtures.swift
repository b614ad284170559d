import Foundation

/// The station files in `Tests/StationsTests/Fixtures/<provider>/` (provenance in its
/// `SOURCES.md`), read from the source tree through `#filePath`.
enum StationFixtures {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The bytes of `provider/name`, exactly as stored; a missing file stops the run naming it.
  static func bytes(_ path: String) -> [UInt8] {
    let file = directory.appendingPathComponent(path)
    guard let data = FileManager.default.contents(atPath: file.path) else {
      preconditionFailure("station fixture \(path) not found in \(directory.path)")
    }
    return [UInt8](data)
  }

  /// The file names in `provider/`, sorted.
  static func names(_ provider: String) -> [String] {
    let folder = directory.appendingPathComponent(provider).path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }
}
