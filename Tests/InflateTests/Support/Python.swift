import Foundation
import Testing

/// Runs python3, the reference implementation (its zlib, gzip and zipfile modules), for tests.
enum Python {
  /// Why a python run failed.
  struct Failure: Error, CustomStringConvertible {
    /// What python printed on stderr, with its exit status.
    let description: String
  }

  /// Runs `script` with `arguments`, returning false (with a recorded issue, so the test cannot
  /// pass silently) when python3 is not installed; throws when the script itself fails.
  static func run(_ script: String, arguments: [String] = []) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      Issue.record("python3 could not be started (\(error)); the tests need it as a reference")
      return false
    }
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 127 {
      Issue.record("python3 is not installed; the tests need it to build their reference corpus")
      return false
    }
    guard process.terminationStatus == 0 else {
      throw Failure(description: "python3 exited with \(process.terminationStatus): \(message)")
    }
    return true
  }
}
