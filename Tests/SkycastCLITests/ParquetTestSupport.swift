import Demo
import Foundation
import Import
import TestSupport
import Testing

@testable import Store

/// Where the demo history of `demoHarness()` is built, once per test process; removed at exit.
private let demoTemplatePath = NSTemporaryDirectory() + "skycast-tests-demo-\(getpid()).sqlite"

/// Builds the demo history at `demoTemplatePath` the first time it is read. A debug build
/// spends about ten seconds of CPU on it, which each of the 19 tests that start from it used
/// to spend again; now each copies the file.
private let demoTemplate: Result<Void, any Error> = Result {
  atexit {
    for suffix in ["", "-wal", "-shm"] { unlink(demoTemplatePath + suffix) }
  }
  let store = try Store(path: demoTemplatePath, now: DemoDataset.clock)
  _ = try DemoDataset(store: store).load()
  _ = try Importer.run(
    try DemoDataset.sample("synthetic-station-alpenau.csv"),
    path: "Samples/synthetic-station-alpenau.csv",
    options: ImportOptions(kind: .observations, source: "station"), store: store,
    now: DemoDataset.clock)
  // Daily synthetic observations (the demo has hourly ones), so daily pairs exist.
  try store.database.execute(
    """
    INSERT INTO daily_observations (city_id, source, date, temperature_2m_max, temperature_2m_min)
    SELECT city_id, source, valid_date, max(temperature_2m), min(temperature_2m)
    FROM hourly_observations WHERE source = 'synthetic' GROUP BY city_id, valid_date
    """)
  // Everything in the main file, so a copy of that file alone is the whole database.
  try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
}

/// The demo history (recorded forecasts, previous-runs, ERA5, a synthetic history in three
/// zones and an imported station) in a harness's database: every table and source the Parquet
/// datasets are checked on. Each harness gets its own copy of one file built per process.
func demoHarness() throws -> CLIHarness {
  try demoTemplate.get()
  let harness = CLIHarness()
  try FileManager.default.copyItem(atPath: demoTemplatePath, toPath: harness.databasePath)
  return harness
}

/// One dataset to compare with the CSV export of the same rows.
struct DatasetComparison: Codable {
  var dataset: String
  var csv: String
  /// Columns DuckDB's hive_partitioning must add.
  var partitions: [String]
  var label: String
}

/// Reads each dataset with pyarrow and DuckDB and compares every value with its CSV (see
/// Tests/Python/compare_dataset.py; one Python run for all); records an issue on a difference.
func expectSameValues(python: String, _ comparisons: [DatasetComparison], in directory: String)
  async throws
{
  let jobs = directory + "/comparisons.json"
  try JSONEncoder().encode(comparisons).write(to: URL(fileURLWithPath: jobs))
  let (status, output) = try await RealReaders.run(
    python, script: "compare_dataset.py", ["--jobs", jobs])
  #expect(status == 0, "\(output)")
  let passed = output.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count
  #expect(passed == comparisons.count, "\(output)")
}

/// A small history: Berlin's `smallHistory` plus a Tokyo station import (source `station`,
/// fetch-log source `import:station`), for the tests that check layout and errors.
func smallHarness() throws -> CLIHarness {
  let harness = CLIHarness()
  let store = try harness.store()
  let builder = HistoryBuilder(store: store)
  try builder.smallHistory()
  let tokyo = try builder.city("Tokyo", timezone: "Asia/Tokyo")
  try builder.fetch(tokyo, source: "import:station", model: "station", requestedAt: 1_774_000_000)
  for validAt in builder.hours(tokyo, "2026-03-31") + builder.hours(tokyo, "2026-04-01") {
    try builder.observedHour(tokyo, validAt: validAt, source: "station", ["temperature_2m": 9.5])
  }
  return harness
}
