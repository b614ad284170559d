import Foundation
import TestSupport
import Testing

@testable import Store

/// `export … --format parquet --append`: a dataset kept current by a cron job, exporting only
/// what is new, idempotent when re-run.
@Suite struct ParquetAppendTests {
  func files(_ folder: String) throws -> [String] {
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
    return (enumerator.allObjects as? [String] ?? []).filter { $0.hasSuffix(".parquet") }.sorted()
  }

  /// Berlin's small history plus a second forecast fetch and observations changed in place.
  func addNewData(_ harness: CLIHarness) throws {
    let store = try harness.store()
    let builder = HistoryBuilder(store: store)
    let berlin = try #require(try store.cities().first)
    let issued = builder.instant(berlin, "2026-04-01", hour: 6)
    let fetch = try builder.fetch(berlin, requestedAt: issued + 60, issuedAt: issued)
    for validAt in builder.hours(berlin, "2026-04-02") {
      try builder.forecast(
        berlin, fetch: fetch, issuedAt: issued, validAt: validAt, ["temperature_2m": 7.5])
    }
    // An ERA5 fetch that fills in one stored hour (as an upsert does) and adds a new day.
    let era5 = try builder.fetch(berlin, source: "era5", model: "era5", requestedAt: issued)
    try store.database.run(
      """
      UPDATE hourly_observations SET relative_humidity_2m = 81, fetch_id = ?
      WHERE city_id = ? AND valid_hour = 12
      """, [.integer(era5), .integer(berlin.id)])
    for validAt in builder.hours(berlin, "2026-04-02") {
      try builder.observedHour(berlin, validAt: validAt, ["temperature_2m": 6])
    }
    try store.database.run(
      "UPDATE hourly_observations SET fetch_id = ? WHERE city_id = ? AND valid_date = '2026-04-02'",
      [.integer(era5), .integer(berlin.id)])
  }

  @Test(
    "--append adds new forecast rows in new files and keeps the old ones; a re-run writes nothing")
  func appendsForecasts() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("hourly")
    let arguments = ["export", "hourly", "--format", "parquet", "--append", "-o", folder]
    let first = await harness.run(arguments)
    #expect(first.exitCode == 0, "\(first)")
    #expect(try files(folder) == ["month=2026-03/part-00000.parquet"])
    try addNewData(harness)
    let second = await harness.run(arguments)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("exported 24 rows in 1 file"), "\(second)")
    #expect(
      try files(folder) == ["month=2026-03/part-00000.parquet", "month=2026-04/part-00001.parquet"])
    let third = await harness.run(arguments)
    #expect(third.exitCode == 0, "\(third)")
    #expect(third.stderr.contains("nothing new"), "\(third)")
    #expect(try files(folder).count == 2)
    try await expectEqualsCSV(harness, folder: folder, table: ["hourly"])
  }

  @Test(
    "--append rewrites the partitions whose observations changed in place, so no row is doubled")
  func rewritesChangedPartitions() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("observations")
    let arguments = [
      "export", "observations", "--format", "parquet", "--append", "-o", folder,
      "--partition-by", "city,month",
    ]
    let first = await harness.run(arguments)
    #expect(first.exitCode == 0, "\(first)")
    try addNewData(harness)
    let second = await harness.run(arguments)
    #expect(second.exitCode == 0, "\(second)")
    #expect(second.stderr.contains("rewritten"), "\(second)")
    let names = try files(folder)
    // Berlin's March partition was rewritten (run 1), April is new; Tokyo's files are untouched.
    #expect(names.contains("city_id=1/month=2026-03/part-00001.parquet"), "\(names)")
    #expect(!names.contains("city_id=1/month=2026-03/part-00000.parquet"), "\(names)")
    #expect(names.contains("city_id=1/month=2026-04/part-00001.parquet"), "\(names)")
    #expect(names.contains("city_id=2/month=2026-03/part-00000.parquet"), "\(names)")
    let again = await harness.run(arguments)
    #expect(again.stderr.contains("nothing new"), "\(again)")
    #expect(try files(folder) == names)
    try await expectEqualsCSV(harness, folder: folder, table: ["observations"])
  }

  @Test("A run cut short leaves parts the manifest does not count; the next run removes them")
  func removesLeftovers() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("hourly")
    let arguments = ["export", "hourly", "--format", "parquet", "--append", "-o", folder]
    _ = await harness.run(arguments)
    // What a killed second run could leave: a finished part and a temporary file.
    let stray = folder + "/month=2026-03/part-00001.parquet"
    try Data("PAR1".utf8).write(to: URL(fileURLWithPath: stray))
    try Data().write(to: URL(fileURLWithPath: folder + "/month=2026-03/.part-00002.parquet.x.tmp"))
    let again = await harness.run(arguments)
    #expect(again.exitCode == 0, "\(again)")
    #expect(try files(folder) == ["month=2026-03/part-00000.parquet"])
    let hidden = try FileManager.default.contentsOfDirectory(atPath: folder + "/month=2026-03")
    #expect(hidden == ["part-00000.parquet"])
  }

  @Test("--append refuses a folder written with another table, partitioning or selection")
  func refusesOtherSelection() async throws {
    let harness = try smallHarness()
    let folder = harness.directory.file("data")
    _ = await harness.run(["export", "hourly", "--format", "parquet", "--append", "-o", folder])
    for extra in [["--partition-by", "city"], ["--city", "Berlin"]] {
      let result = await harness.run(
        ["export", "hourly", "--format", "parquet", "--append", "-o", folder] + extra)
      #expect(result.exitCode == 1, "\(result)")
      #expect(result.stderr.contains("--append must add the same"), "\(result)")
    }
    let daily = await harness.run([
      "export", "daily", "--format", "parquet", "--append", "-o", folder,
    ])
    #expect(daily.exitCode == 1, "\(daily)")
  }

  func expectEqualsCSV(_ harness: CLIHarness, folder: String, table: [String]) async throws {
    guard let python = RealReaders.python(for: "ParquetAppendTests") else { return }
    let csv = harness.directory.file("all.csv")
    let result = await harness.run(["export"] + table + ["--format", "csv", "-o", csv])
    #expect(result.exitCode == 0)
    try await expectSameValues(
      python: python,
      [DatasetComparison(dataset: folder, csv: csv, partitions: ["month"], label: "append")],
      in: harness.directory.path)
  }
}
