import Foundation
import TestSupport
import Testing

/// `demo` leaves one database file, and says where it is, how big and how to remove it.
@Suite struct DemoLitterTests {
  /// The demo runs as a child process, waited for on a thread of its own: in-process, its
  /// seconds of SQLite work would hold a thread of the cooperative pool that timing tests share.
  @Test("the demo keeps one file and says where, how big and how to remove it")
  func keepsOneFile() async throws {
    let harness = CLIHarness()
    var environment = harness.environment
    environment["TMPDIR"] = harness.directory.path
    let child = try ChildProcess(
      arguments: ["demo"], environment: environment, directory: harness.directory)
    let state = await child.exited()
    #expect(state == .exited(0), "\(child.stderr)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
      .filter { $0.hasPrefix("skycast-demo-") }
    #expect(folders.count == 1)
    let folder = harness.directory.file(try #require(folders.first))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["demo.sqlite"])
    let last = try #require(child.stdout.split(separator: "\n").last.map(String.init))
    #expect(last.hasPrefix("The demo database is kept at \(folder)/demo.sqlite ("), "\(last)")
    #expect(
      last.hasSuffix(" MB) for the commands above; remove it when done with: rm -r \(folder)"))
  }
}
