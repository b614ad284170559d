import Foundation
import TestSupport
import Testing

/// `--db` says what is wrong with the path: readers create nothing, a writer creating the file
/// says so once, and empty paths, folders and devices are named as such.
@Suite struct DatabasePathTests {
  static let readers: [[String]] = [
    ["city", "list"], ["db", "info"], ["now"], ["spark"], ["sql", "SELECT 1"],
    ["report", "data-completeness"], ["export", "cities"], ["db", "check"],
  ]

  @Test("readers create no folder and no file", arguments: 0..<readers.count)
  func readersCreateNothing(index: Int) async {
    let harness = CLIHarness()
    let folder = harness.directory.file("missing")
    let result = await harness.run(["--db", folder + "/sub/x.sqlite"] + Self.readers[index])
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("x.sqlite: no such file"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder), "\(Self.readers[index]) created it")
  }

  @Test("a writer creates the file and its folder and says so once")
  func writerSaysOnce() async {
    let harness = CLIHarness()
    let path = harness.directory.file("new/skycast.sqlite")
    let add = ["--db", path, "city", "add", "--name", "A", "--lat", "1", "--lon", "1"]
    let first = await harness.run(add + ["--timezone", "UTC"])
    #expect(first.exitCode == 0, "\(first)")
    #expect(
      first.stderr
        == "created a new database at \(path) (and its folder \(harness.directory.file("new")))\n")
    let second = await harness.run([
      "--db", path, "city", "add", "--name", "B", "--lat", "1", "--lon", "1",
    ])
    #expect(second.exitCode == 0)
    #expect(second.stderr.isEmpty, "\(second)")
  }

  @Test(
    "an empty path, a folder and a device are named as such",
    arguments: [["city", "list"], ["city", "add", "--name", "A", "--lat", "1", "--lon", "1"]])
  func badPaths(command: [String]) async {
    let harness = CLIHarness()
    let empty = await harness.run(["--db", ""] + command)
    #expect(empty.exitCode == 64)
    #expect(empty.stderr.hasPrefix("Error: --db needs the path of a database file; it was empty\n"))
    let folder = await harness.run(["--db", harness.directory.path] + command)
    #expect(folder.exitCode == 1)
    #expect(
      folder.stderr.contains(
        "it is a folder; give a file path such as \(harness.directory.path)/skycast.sqlite"),
      "\(folder)")
    let device = await harness.run(["--db", "/dev/null"] + command)
    #expect(device.exitCode == 1)
    #expect(
      device.stderr
        == "Error: cannot open database /dev/null: it is not a regular file (a device, pipe or socket); give the path of a file\n",
      "\(device)")
  }
}
