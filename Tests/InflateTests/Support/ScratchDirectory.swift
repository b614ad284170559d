import Foundation

/// A temporary directory, deleted when the value is released.
final class ScratchDirectory {
  /// The directory's path, without a trailing slash.
  let path: String

  /// Creates a fresh, empty directory.
  init() throws {
    path = NSTemporaryDirectory() + "inflate-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The bytes of file `name` in the directory.
  func read(_ name: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path + "/" + name) else {
      throw Python.Failure(description: "the corpus script did not write \(name)")
    }
    return [UInt8](data)
  }

  /// The names of all files in the directory.
  func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path)
  }
}
