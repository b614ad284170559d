import Foundation
import TestSupport
import Testing

@testable import Store

/// An export never claims what it did not write, split exports are all or nothing, and file
/// names from data are short and unique (issue: `export cities -o missing-folder/` printed
/// "exported 1 row" and then failed; a 300-byte city name printed "exported 1152 rows in 3
/// files" and then failed with "File name too long", leaving some files).
@Suite struct ExportClaimTests {
  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names in `folder`, sorted (without SQLite's -wal and -shm files).
  func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
    }.sorted()
  }

  /// Cities named `names`, with `hours` hourly forecasts each.
  func history(_ harness: CLIHarness, names: [String], hours: Int = 3) throws {
    let history = HistoryBuilder(store: try harness.store())
    for name in names {
      let city = try history.city(name, timezone: "Europe/Berlin")
      let issued = history.instant(city, "2026-03-10", hour: 6)
      let fetch = try history.fetch(city, requestedAt: issued, issuedAt: issued)
      for hour in 0..<hours {
        try history.forecast(
          city, fetch: fetch, issuedAt: issued, validAt: issued + Int64(hour) * 3600,
          ["temperature_2m": 1])
      }
    }
  }

  @Test(
    "-o missing-folder/ is refused before anything is written, with no success line",
    arguments: [
      ["export", "cities"], ["export", "hourly"], ["export", "daily"], ["export", "fetches"],
      ["export", "observations"], ["export", "hourly", "--excel"],
    ])
  func folderForOneFile(command: [String]) async throws {
    let harness = CLIHarness()
    try history(harness, names: ["Berlin"])
    let before = entries(harness.directory.path)
    let result = await harness.run(command + ["-o", "missing-folder/"])
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains("'missing-folder/' is invalid for '--output'"), "\(result)")
    #expect(!result.stderr.contains("exported"), "\(result)")
    #expect(entries(harness.directory.path) == before)
  }

  @Test("a 300-byte city name and two that agree in their first 120 bytes give short unique files")
  func longNames() async throws {
    let harness = CLIHarness()
    let long = String(repeating: "Llanfair", count: 38)  // 304 bytes
    let cjk = String(repeating: "北港", count: 60)  // 360 bytes, 3 per character
    try history(harness, names: [long, long + " Nord", cjk])
    let result = await harness.run(
      "export", "hourly", "--split-by", "city", "--format", "csv", "-o", "parts/")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("exported 9 rows in 3 files"), "\(result)")
    let files = entries(harness.directory.file("parts"))
    #expect(files.count == 3, "\(files)")
    #expect(Set(files).count == 3)
    for file in files {
      #expect(file.utf8.count <= 140, "\(file)")
      #expect(String(validating: Array(file.utf8), as: UTF8.self) != nil)
      #expect(contents(harness.directory.file("parts/" + file))?.contains("\r\n") == true)
    }
  }

  @Test("a part whose final name the file system refuses leaves every part as it was")
  func allOrNothing() async throws {
    let harness = CLIHarness()
    // Sorted by city: "A" then the long name; a prefix of 235 bytes fits "A" (under 255 bytes
    // with "-A.csv") but not the other (its temporary name fits, its final name does not).
    try history(harness, names: ["A", String(repeating: "B", count: 30)])
    let folder = harness.directory.file("out")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let prefix = String(repeating: "p", count: 235)
    try "the old A part\n".write(
      toFile: folder + "/" + prefix + "-A.csv", atomically: false, encoding: .utf8)
    let result = await harness.run(
      "export", "hourly", "--split-by", "city", "--format", "csv", "-o", "out/" + prefix)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("File name too long"), "\(result)")
    #expect(!result.stderr.contains("exported"), "\(result)")
    #expect(entries(folder) == [prefix + "-A.csv"], "\(entries(folder))")
    #expect(contents(folder + "/" + prefix + "-A.csv") == "the old A part\n")
  }
}
