import Foundation
import TestSupport
import Testing

@testable import Store

#if canImport(Glibc)
  import Glibc
#endif

/// A Parquet dataset export killed before its manifest never blocks its folder: the next export
/// recognises the run's own leftovers and cleans them (issue: every later export into the folder
/// was refused as "not empty and holds no Skycast dataset").
@Suite struct ParquetLeftoverTests {
  /// Every file below `folder`, relative to it, sorted.
  func files(_ folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    var result: [String] = []
    while let path = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: folder + "/" + path, isDirectory: &isDirectory)
      if exists, !isDirectory.boolValue { result.append(path) }
    }
    return result.sorted()
  }

  @Test(
    "an export killed with SIGKILL before its manifest leaves files the next export cleans",
    arguments: [["--partition-by", "city"], ["--partition-by", "none"]])
  func killedFirstRun(partitioning: [String]) async throws {
    let directory = TemporaryDirectory()
    let crashes = OutputCrashTests()
    let path = try crashes.database(directory, hours: 1500)
    let folder = directory.file("lake")
    let arguments =
      ["export", "hourly", "--format", "parquet", "-o", folder] + partitioning
    let environment = crashes.environment(path)
    let child = try ChildProcess(
      arguments: arguments,
      environment: environment.merging(["SKYCAST_TEST_STOP_AFTER_ROWS": "2000"]) { $1 },
      directory: directory)
    #expect((await child.exited()) == .stopped, "\(child.stderr)")
    #expect(child.kill9() == .signalled(SIGKILL))
    let left = files(folder)
    #expect(!left.isEmpty, "the killed run left its temporary files")
    #expect(!left.contains("_skycast_dataset.json"))

    let rerun = try ChildProcess(
      arguments: arguments, environment: environment, directory: directory)
    #expect((await rerun.exited()) == .exited(0), "\(rerun.stderr)")
    let after = files(folder)
    #expect(after.contains("_skycast_dataset.json"), "\(after)")
    #expect(after.allSatisfy { !($0 as NSString).lastPathComponent.hasPrefix(".") }, "\(after)")
  }

  @Test("a folder with a file of the user's beside the leftovers is still refused, untouched")
  func foreignFileKeepsRefusal() async throws {
    let harness = CLIHarness()
    try HistoryBuilder(store: try harness.store()).smallHistory()
    let folder = harness.directory.file("lake")
    try FileManager.default.createDirectory(
      atPath: folder + "/city_id=1", withIntermediateDirectories: true)
    try Data("half".utf8).write(
      to: URL(fileURLWithPath: folder + "/city_id=1/.part-00000.parquet.x1.tmp"))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    let result = await harness.run("export", "hourly", "--format", "parquet", "-o", folder)
    #expect(result.exitCode != 0, "\(result)")
    #expect(result.stderr.contains("holds no Skycast dataset"), "\(result)")
    #expect(files(folder) == ["city_id=1/.part-00000.parquet.x1.tmp", "notes.txt"])
  }
}
