import Foundation
import OpenMeteo
import SkycastModel
import Store

/// The archive analyses (`archive audit`, `lock-in`, `changes`, `verify --lagged`,
/// `--jumpiness`), each as a whole `skycast` process writing CSV to a file, beside the same
/// question written by hand as one SQL statement in the sqlite3 shell on the same history; where
/// both print the same numbers they are compared, column by column.
extension Benchmark {
  /// One analysis: our command, the hand-written SQL and the columns both print.
  struct ArchiveCase {
    var name: String
    var arguments: [String]
    var sql: String
    /// Columns compared by name (the SQL's header names ours), with their tolerance; empty when
    /// the SQL computes only the analysis's input (the change tests are not SQL).
    var compared: [String: Double]
  }

  func archiveAnalyses(database: String) throws -> [Figure] {
    try addPreviousRuns(database: database)
    var figures: [Figure] = []
    for item in Self.archiveCases {
      log("archive: \(item.name) against the hand-written SQL (best of 2)")
      let script = directory + "/archive-by-hand.sql"
      try (".headers on\n.mode csv\n" + item.sql + ";\n").write(
        toFile: script, atomically: true, encoding: .utf8)
      let shellOutput = directory + "/archive-by-hand.csv"
      let oursOutput = directory + "/archive-ours.csv"
      let shell = try best(of: 2) {
        try Subprocess.run(
          sqlite3, ["-readonly", database, ".read \(script)"], stdoutPath: shellOutput)
      }
      let ours = try best(of: 2) {
        try Subprocess.run(
          skycast, item.arguments + ["--format", "csv", "--db", database, "-o", oursOutput])
      }
      let checked = try Self.compareColumns(
        ours: oursOutput, shell: shellOutput, columns: item.compared)
      let ratio = ours.seconds / shell.seconds
      figures.append(
        Figure(
          name: "\(item.name) vs hand-written SQL (\(checked))",
          ours: Self.seconds(ours.seconds), baseline: Self.seconds(shell.seconds), ratio: ratio,
          target: "≤ 3×", holds: ratio <= 3))
      log(
        "archive: \(item.name): skycast \(Self.seconds(ours.seconds)), sqlite3 \(Self.seconds(shell.seconds)); \(checked)"
      )
    }
    return figures
  }

  /// Stores a Previous Runs archive (temperature, lead days 1–7) for every place of the
  /// history, through the same Store door `backfill` and the demo use, once per history file.
  func addPreviousRuns(database: String) throws {
    let days = 7
    let stored = try shellCount(
      database,
      "SELECT count(*) FROM forecast_hours h JOIN forecast_series s ON s.id = h.series_id "
        + "WHERE s.source = \(FetchSource.previousRuns.sqlLiteral)")
    guard stored == 0 else { return }
    log("archive: storing a Previous Runs archive (\(days) lead days) for the audit")
    let store = try Store(path: database)
    let end = workload.startDate.adding(days: workload.days + workload.history.forecastDays - 1)
    for (index, city) in try store.cities().sorted(by: { $0.id < $1.id }).enumerated()
    where index < workload.history.places.count {
      let body = workload.history.previousRunsBody(
        place: index, from: workload.startDate, to: end, days: days)
      let location = try ResponseDecoder().decode(body)[0]
      guard let hourly = location.hourly else { continue }
      try store.write {
        let fetchID = try store.insertFetch(
          FetchRecord(
            cityID: city.id, source: .previousRuns, model: ModelName.bestMatch,
            requestedAt: end.midnightAsUTC, status: .ok, url: "synthetic://skycast-bench"))
        var rows = 0
        for day in 1...days {
          rows += try store.insertHourlyForecasts(
            hourly, model: ModelName.bestMatch, previousDay: day, fetchID: fetchID, cityID: city.id,
            source: .previousRuns, zone: city.zone,
            issuedAt: { LeadTime.issued(valid: $0, daysBefore: day) })
        }
        try store.setFetchRows(rows, fetchID: fetchID)
      }
    }
    try store.checkpoint()
  }

  /// Compares the named columns of two CSV files row by row (same rows, same order); returns
  /// what was compared, in words.
  static func compareColumns(ours: String, shell: String, columns: [String: Double]) throws
    -> String
  {
    func table(_ path: String) throws -> (header: [String], rows: [[String]]) {
      let lines = try String(contentsOfFile: path, encoding: .utf8)
        .split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") && !$0.isEmpty }
      let cells = lines.map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map {
          String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
      }
      return (cells.first ?? [], Array(cells.dropFirst()))
    }
    let (left, right) = (try table(ours), try table(shell))
    guard !columns.isEmpty else {
      return "\(Self.count(left.rows.count)) rows; the SQL computes the daily errors the tests read"
    }
    guard left.rows.count == right.rows.count, !left.rows.isEmpty else {
      throw BenchError("skycast wrote \(left.rows.count) rows, the shell \(right.rows.count)")
    }
    for (name, tolerance) in columns {
      guard let a = left.header.firstIndex(of: name), let b = right.header.firstIndex(of: name)
      else { throw BenchError("column \(name) missing: \(left.header) / \(right.header)") }
      for (x, y) in zip(left.rows, right.rows) {
        let (u, v) = (x[a], y[b])
        if u == v { continue }
        guard let p = Double(u), let q = Double(v), abs(p - q) <= tolerance * max(1, abs(q)) else {
          throw BenchError("\(name) differs: \(x) against \(y)")
        }
      }
    }
    let names = columns.keys.sorted { ($0 == "n" ? 0 : 1, $0) < ($1 == "n" ? 0 : 1, $1) }
    let listed = names.count <= 5 ? names.joined(separator: ", ") : "n and \(names.count - 1) more"
    return "\(Self.count(left.rows.count)) rows, same \(listed)"
  }
}
