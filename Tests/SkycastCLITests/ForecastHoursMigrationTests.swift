import Demo
import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// A database written by the build before `forecast_hours` (schema version 3), migrated by this
/// one, answers as it did: `Tests/Reference/v3-history/` holds the file (the demo's history,
/// trimmed, plus imported forecasts and observations in zones with :45 and :30 offsets) and the
/// outputs the old build printed for the schema topic's SQL, every built-in report, export, verify,
/// spark and summary (`make_cases.py` recorded them), and for `now` under the demo's clock.
@Suite struct ForecastHoursMigrationTests {
  static let directory = PackagePaths.root.appendingPathComponent("Tests/Reference/v3-history")

  struct Case: Decodable {
    var arguments: [String]
    var exitCode: Int32
    var sortLines: Bool
    var stdout: String?
    var sha256: String?
    var lines: Int?
  }

  /// A harness whose database is a fresh copy of the version-3 file.
  static func harness(now: Date? = nil) throws -> CLIHarness {
    let harness = now.map { CLIHarness(now: $0) } ?? CLIHarness()
    try FileManager.default.copyItem(
      atPath: directory.appendingPathComponent("history.sqlite").path,
      toPath: harness.databasePath)
    return harness
  }

  static func cases() throws -> [Case] {
    let data = try Data(contentsOf: directory.appendingPathComponent("cases.json"))
    return try JSONDecoder().decode([Case].self, from: data)
  }

  @Test("the file is migrated after a backup, into forecast_hours, without the old indexes")
  func migratesWithBackup() async throws {
    let harness = try Self.harness()
    #expect(try Database(path: harness.databasePath).userVersion() == 3)
    let result = await harness.run("db", "info")
    #expect(result.exitCode == 0)
    let backup = Migrator.backupPath(
      for: harness.databasePath, version: 3, now: Int64(harness.now.timeIntervalSince1970))
    #expect(try Database(path: backup, mode: .readOnly).userVersion() == 3)
    let database = try Database(path: harness.databasePath, mode: .readOnly)
    #expect(try database.userVersion() == Schema.currentVersion)
    let objects = try database.query(
      "SELECT type, name FROM sqlite_schema WHERE name LIKE 'hourly_forecasts%' ORDER BY name"
    ).map { "\($0[0].stringValue ?? "") \($0[1].stringValue ?? "")" }
    #expect(
      objects == [
        "view hourly_forecasts", "trigger hourly_forecasts_delete",
        "trigger hourly_forecasts_insert", "view hourly_forecasts_latest",
        "view hourly_forecasts_named", "trigger hourly_forecasts_update",
      ])
    let indexes = try database.query(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'forecast_hours'"
    ).map { $0[0].stringValue }
    #expect(indexes == ["forecast_hours_by_fetch"])
    let old = try Database(path: backup, mode: .readOnly)
    for table in ["hourly_forecasts", "forecast_hours"] {
      let rows = try (table == "forecast_hours" ? database : old).scalarInt(
        "SELECT count(*) FROM \(table)")
      #expect(rows == 2052)
    }
  }

  @Test("the documented queries, reports, export, verify, spark and summary print what they did")
  func answersAsBefore() async throws {
    for entry in try Self.cases() {
      let harness = try Self.harness()
      // Reading commands refuse an old file; any writing one migrates it.
      #expect(await harness.run("db", "info").exitCode == 0)
      let result = await harness.run(entry.arguments)
      let label = entry.arguments.joined(separator: " ")
      #expect(result.exitCode == entry.exitCode, "\(label): \(result.stderr)")
      var lines = Self.lines(result.stdout)
      if entry.sortLines {
        // `export hourly` now streams in the storage key's order (city, series, valid time).
        let header = lines.removeFirst()
        lines.sort { $0.lexicographicallyPrecedes($1) }
        lines.insert(header, at: 0)
      }
      if let file = entry.stdout {
        let expected = try Data(
          contentsOf: Self.directory.appendingPathComponent("expected/" + file))
        #expect(
          Self.sameCells(lines, Self.lines(String(decoding: expected, as: UTF8.self))), "\(label)")
        // Verify splits a source that holds two models (alpha and beta) since it stopped
        // pooling them in silence; the old build's pooled rows are kept in expected/pooled/ and
        // must follow from the per-model rows (n summed, bias and mae weighted by n, rmse from
        // the n-weighted mean square).
        let pooled = Self.directory.appendingPathComponent("expected/pooled/" + file)
        if let old = try? String(contentsOf: pooled, encoding: .utf8) {
          #expect(Self.pools(result.stdout, into: old), "\(label): per-model rows do not pool")
        }
      } else {
        #expect(lines.count == entry.lines, "\(label)")
        let joined = Array(lines.joined(separator: [0x0A]))
        #expect(SHA256.hexDigest(joined) == entry.sha256, "\(label)")
      }
    }
  }

  @Test("now shows the newest collected run as before (the demo's clock)")
  func nowAsBefore() async throws {
    let harness = try Self.harness(
      now: Date(timeIntervalSince1970: TimeInterval(DemoDataset.clock)))
    #expect(await harness.run("db", "info").exitCode == 0)
    let result = await harness.run("now", "Copenhagen")
    #expect(result.exitCode == 0)
    let expected = try String(
      contentsOf: Self.directory.appendingPathComponent("expected/now-copenhagen.txt"),
      encoding: .utf8)
    #expect(result.stdout == expected)
  }

  /// True when the rows of `split` (a CSV with a `model` column) pooled over the models give
  /// the `n`, `bias`, `mae` and `rmse` of each row of `pooled` (the same CSV without `model`)
  /// to 1e-9.
  static func pools(_ split: String, into pooled: String) -> Bool {
    func rows(_ text: String) -> (header: [String], rows: [[String]]) {
      let lines = text.split(whereSeparator: \.isNewline).map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
      return (lines.first ?? [], Array(lines.dropFirst()))
    }
    let (header, splitRows) = rows(split)
    let (oldHeader, oldRows) = rows(pooled)
    guard let modelColumn = header.firstIndex(of: "model"),
      let nColumn = header.firstIndex(of: "n"),
      let oldN = oldHeader.firstIndex(of: "n"), !oldRows.isEmpty
    else { return false }
    let keyColumns = (0..<nColumn).filter { $0 != modelColumn }
    var sums: [[String]: (n: Double, bias: Double, mae: Double, squares: Double)] = [:]
    for row in splitRows {
      guard let n = Double(row[nColumn]), let bias = Double(row[header.firstIndex(of: "bias")!]),
        let mae = Double(row[header.firstIndex(of: "mae")!]),
        let rmse = Double(row[header.firstIndex(of: "rmse")!])
      else { return false }
      let key = keyColumns.map { row[$0] }
      let sum = sums[key] ?? (0, 0, 0, 0)
      sums[key] = (sum.n + n, sum.bias + n * bias, sum.mae + n * mae, sum.squares + n * rmse * rmse)
    }
    guard sums.count == oldRows.count else { return false }
    let close = { (a: Double, b: Double) in abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
    for row in oldRows {
      guard let sum = sums[Array(row[0..<oldN])], let n = Double(row[oldN]),
        let bias = Double(row[oldHeader.firstIndex(of: "bias")!]),
        let mae = Double(row[oldHeader.firstIndex(of: "mae")!]),
        let rmse = Double(row[oldHeader.firstIndex(of: "rmse")!])
      else { return false }
      guard close(sum.n, n), close(sum.bias / n, bias), close(sum.mae / n, mae),
        close((sum.squares / n).squareRoot(), rmse)
      else { return false }
    }
    return true
  }

  /// The lines of `text` as bytes, split at every LF (a `String` would keep CRLF as one
  /// character); CR stays at the end of its line.
  static func lines(_ text: String) -> [[UInt8]] {
    Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }

  /// Equal lines, except that numbers may differ in the last bits (sums taken in another row
  /// order): cells that both parse as numbers agree to 1e-9 relative.
  static func sameCells(_ actual: [[UInt8]], _ expected: [[UInt8]]) -> Bool {
    guard actual.count == expected.count else { return false }
    for (a, b) in zip(actual, expected) where a != b {
      let cellsA = String(decoding: a, as: UTF8.self).split(
        separator: ",", omittingEmptySubsequences: false)
      let cellsB = String(decoding: b, as: UTF8.self).split(
        separator: ",", omittingEmptySubsequences: false)
      guard cellsA.count == cellsB.count else { return false }
      for (x, y) in zip(cellsA, cellsB) where x != y {
        let trim = { (cell: Substring) in cell.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let u = Double(trim(x)), let v = Double(trim(y)),
          abs(u - v) <= 1e-9 * max(1, abs(u), abs(v))
        else { return false }
      }
    }
    return true
  }
}
