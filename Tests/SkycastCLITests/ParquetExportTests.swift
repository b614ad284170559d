import Foundation
import TestSupport
import Testing

@testable import Store

/// `export … --format parquet -o DIR`: Hive-partitioned datasets that pyarrow and DuckDB read
/// with every value equal to the CSV export.
@Suite struct ParquetExportTests {
  /// Every exported table, each with the partitionings worth checking.
  static let exports: [(arguments: [String], partitions: [[String]])] = [
    (
      ["hourly", "--from", "2026-07-31", "--to", "2026-08-01"], [[], ["city", "month"], ["none"]]
    ),
    (["hourly", "--city", "Copenhagen", "--city", "Berlin", "--city", "Denver"], [[]]),
    (["hourly", "--source", "previous-runs"], [["source"]]),
    (["hourly", "--latest"], [["city"]]),
    (["daily"], [[], ["city"]]),
    (["observations"], [[], ["source", "month"]]),
    (["observations", "--daily"], [[]]),
    (["fetches"], [[], ["city", "source"]]),
    (["cities"], [[]]),
    (["verify", "--pairs", "--obs", "synthetic"], [[], ["city"]]),
    (["verify", "--pairs", "--obs", "synthetic", "--var", "temperature_2m_max"], [[]]),
  ]

  /// The columns a partitioning adds from the folder names.
  static func partitionColumns(_ keys: [String], table: String) -> [String] {
    let given = keys.isEmpty ? (table == "cities" ? [] : ["month"]) : keys
    return given.filter { $0 != "none" }.map { $0 == "city" ? "city_id" : $0 }
  }

  @Test("pyarrow and DuckDB read every table's dataset with all values equal to the CSV export")
  func everyDatasetEqualsCSV() async throws {
    let harness = try demoHarness()
    var comparisons: [DatasetComparison] = []
    for (number, export) in Self.exports.enumerated() {
      let csv = harness.directory.file("export-\(number).csv")
      let command = export.arguments[0] == "verify" ? [] : ["export"]
      let wrote = await harness.run(command + export.arguments + ["--format", "csv", "-o", csv])
      #expect(wrote.exitCode == 0, "\(wrote)")
      for (variant, keys) in export.partitions.enumerated() {
        let folder = harness.directory.file("dataset-\(number)-\(variant)")
        var arguments = command + export.arguments + ["--format", "parquet", "-o", folder]
        if !keys.isEmpty { arguments += ["--partition-by", keys.joined(separator: ",")] }
        let result = await harness.run(arguments)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains(" in "), "\(result)")
        let files = try parquetFiles(folder)
        #expect(!files.isEmpty)
        for file in files {
          let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + file))
          #expect(bytes.prefix(4) == Data("PAR1".utf8) && bytes.suffix(4) == Data("PAR1".utf8))
        }
        comparisons.append(
          DatasetComparison(
            dataset: folder, csv: csv,
            partitions: Self.partitionColumns(keys, table: export.arguments[0]),
            label: arguments.joined(separator: " ")))
      }
    }
    guard let python = RealReaders.python(for: "everyDatasetEqualsCSV") else { return }
    try await expectSameValues(python: python, comparisons, in: harness.directory.path)
  }

  /// The `.parquet` files below `folder`, relative to it.
  func parquetFiles(_ folder: String) throws -> [String] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
    return (enumerator.allObjects as? [String] ?? []).filter { $0.hasSuffix(".parquet") }.sorted()
  }

  @Test("Folders are name=value levels with ids, not names; no temporary file is left")
  func layout() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("by-city")
    let result = await harness.run([
      "export", "observations", "--format", "parquet", "-o", folder, "--partition-by",
      "city,source,month",
    ])
    #expect(result.exitCode == 0, "\(result)")
    let files = try parquetFiles(folder)
    let store = try harness.store()
    let expected = try store.database.query(
      """
      SELECT DISTINCT city_id, source, substr(valid_date, 1, 7) FROM hourly_observations
      """
    ).map {
      "city_id=\($0[0].int64Value!)/source=\($0[1].stringValue!)/month=\($0[2].stringValue!)/part-00000.parquet"
    }
    #expect(files == expected.sorted())
    let everything =
      try #require(FileManager.default.enumerator(atPath: folder)).allObjects
      as? [String] ?? []
    #expect(everything.filter { $0.hasSuffix(".tmp") }.isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder + "/_skycast_dataset.json"))
  }

  @Test("A source name with ':' is escaped in its folder as Hive does")
  func escapedSource() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("fetches")
    let result = await harness.run([
      "export", "fetches", "--format", "parquet", "-o", folder, "--partition-by", "source",
    ])
    #expect(result.exitCode == 0, "\(result)")
    let files = try parquetFiles(folder)
    #expect(files.contains("source=import%3Astation/part-00000.parquet"), "\(files)")
    #expect(files.contains("source=forecast/part-00000.parquet"))
  }

  @Test("Usage errors: no folder, spreadsheet or wide layouts, unknown keys, keys without parquet")
  func usageErrors() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("out")
    let cases: [([String], String)] = [
      (["export", "hourly", "--format", "parquet"], "give -o DIR"),
      (["export", "hourly", "--format", "parquet", "-o", "-"], "give -o DIR"),
      (["export", "hourly", "--format", "parquet", "--excel", "-o", folder], "--excel"),
      (["export", "hourly", "--format", "parquet", "--wide", "-o", folder], "--wide"),
      (
        ["export", "hourly", "--format", "parquet", "--partition-by", "week", "-o", folder],
        "Unknown partition key 'week'"
      ),
      (
        ["export", "hourly", "--format", "parquet", "--partition-by", "city,city", "-o", folder],
        "given twice"
      ),
      (
        ["export", "cities", "--format", "parquet", "--partition-by", "month", "-o", folder],
        "leave out --partition-by"
      ),
      (["export", "hourly", "--partition-by", "city", "-o", folder], "apply to --format parquet"),
      (["export", "hourly", "--append", "-o", folder], "apply to --format parquet"),
    ]
    for (arguments, message) in cases {
      let result = await harness.run(arguments)
      #expect(result.exitCode == 64, "\(arguments): \(result)")
      #expect(result.stderr.contains(message), "\(arguments): \(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test("A folder that is not empty is refused untouched; a second export asks for --append")
  func refusesNonEmptyFolder() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("data")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    let refused = await harness.run(["export", "daily", "--format", "parquet", "-o", folder])
    #expect(refused.exitCode == 1, "\(refused)")
    #expect(refused.stderr.contains("not empty"), "\(refused)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])

    let dataset = harness.directory.file("dataset")
    let first = await harness.run(["export", "daily", "--format", "parquet", "-o", dataset])
    #expect(first.exitCode == 0, "\(first)")
    let before = try parquetFiles(dataset)
    let again = await harness.run(["export", "daily", "--format", "parquet", "-o", dataset])
    #expect(again.exitCode == 1, "\(again)")
    #expect(again.stderr.contains("--append"), "\(again)")
    #expect(try parquetFiles(dataset) == before)
  }
}
