import Foundation

/// Runs another program (a reference reader, a shell, LibreOffice, pdflatex) to its end.
///
/// The child is waited for on a thread of its own, never on the caller's: Swift Testing runs
/// every test's task on the cooperative threads, two on a 2-core machine, and a test that
/// blocks one of them in `waitUntilExit()` for the seconds a JVM or LibreOffice takes to start
/// stalls every other test's task meanwhile (the cause of `HTTPTransportTests.redirects`'
/// timeouts). Output goes to files, not pipes, so a chatty child can never fill a pipe that
/// nobody reads yet.
public enum Subprocess {
  /// How a run ended and what it printed.
  public struct Outcome: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
  }

  /// Runs `executable arguments…` and waits for it without holding a cooperative thread.
  ///
  /// - Parameters:
  ///   - environment: the child's whole environment; nil inherits this process's.
  ///   - directory: the child's working directory; nil inherits this process's.
  ///   - mergingOutput: stderr goes into `stdout` too (the order the child wrote them in).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil, mergingOutput: Bool = false
  ) async throws -> Outcome {
    let files = TemporaryDirectory()
    let (outPath, errPath) = (files.file("stdout"), files.file("stderr"))
    for path in [outPath, errPath] {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = mergingOutput ? out : try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let status = await withCheckedContinuation { continuation in
      Thread {
        process.waitUntilExit()
        continuation.resume(returning: process.terminationStatus)
      }.start()
    }
    try out.close()
    if !mergingOutput { try err.close() }
    let read = { (path: String) in
      String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
    return Outcome(
      status: status, stdout: read(outPath), stderr: mergingOutput ? "" : read(errPath))
  }
}
