import Foundation
import SkycastModel
import Store

/// `import forecasts` of a CSV file against the sqlite3 shell loading the same file into the
/// same indexed schema (`.import` into a temporary table, then one `INSERT … SELECT` computing
/// the same columns), with the peak RSS of both, over a series of sizes that shows whether
/// time grows linearly and memory stays flat; and the bytes the store spends per row.
extension Benchmark {
  /// Cities of the import file, all in UTC so the shell's `date()` and `strftime('%H')` compute
  /// the same local date and hour as Skycast does.
  static let importCities = 20
  /// Leads of every valid hour (6, 12, … hours), as a provider's log of several runs has.
  static let importLeads = 5

  /// The import measurements: one figure per size, the scaling and the bytes per row.
  func importSeries() throws -> [Figure] {
    // `SKYCAST_BENCH_IMPORT_ROWS=1000000` (comma-separated sizes) measures only those sizes.
    let chosen = ProcessInfo.processInfo.environment["SKYCAST_BENCH_IMPORT_ROWS"]?.split(
      separator: ","
    ).compactMap { Int($0) }
    let sizes =
      chosen.flatMap { $0.isEmpty ? nil : $0 }
      ?? (options.quick ? [10_000, 30_000] : [1_000_000, 3_000_000, 10_000_000])
    var figures: [Figure] = []
    var points: [(rows: Int, ours: ProcessCost, shell: ProcessCost)] = []
    var bytesPerRow: (file: Double, tables: Double)?
    for size in sizes {
      let csv = directory + "/import-\(size).csv"
      log("import: writing a \(Self.count(size))-row forecast CSV")
      try Self.writeImportCSV(rows: size, to: csv)
      let ours = directory + "/import-skycast.sqlite"
      let shell = directory + "/import-sqlite3.sqlite"
      for path in [ours, shell] {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: path + suffix)
        }
        let store = try Store(path: path)
        try Self.addImportCities(to: store)
      }
      log("import: skycast import forecasts of \(Self.count(size)) rows")
      let ourCost = try Subprocess.run(
        skycast, ["import", "forecasts", csv, "--source", "bench", "--db", ours])
      log("import: sqlite3 .import + INSERT … SELECT of \(Self.count(size)) rows")
      let script = directory + "/import.sql"
      try Self.shellImportScript(csv: csv).write(toFile: script, atomically: true, encoding: .utf8)
      let shellCost = try Subprocess.run(sqlite3, [shell, ".read \(script)"])
      let check =
        "SELECT count(*), sum(valid_at), sum(lead_hours), sum(valid_hour), sum(temperature_2m), "
        + "count(DISTINCT valid_date) FROM hourly_forecasts"
      let ourRows = try shellRow(ours, check)
      let shellRows = try shellRow(shell, check)
      guard ourRows == shellRows, ourRows.first == String(size) else {
        throw BenchError(
          "the two imports differ: skycast \(String(describing: ourRows)), shell \(String(describing: shellRows))"
        )
      }
      if bytesPerRow == nil { bytesPerRow = try storedBytes(database: ours, rows: size) }
      points.append((size, ourCost, shellCost))
      try? FileManager.default.removeItem(atPath: csv)
      // Speed by CPU (user + system): the other cores' load moves wall times far more.
      let ratio = shellCost.cpuSeconds / ourCost.cpuSeconds
      let wallRatio = shellCost.seconds / ourCost.seconds
      func cost(_ cost: ProcessCost) -> String {
        "\(Self.seconds(cost.seconds)) wall, \(Self.seconds(cost.cpuSeconds)) CPU, "
          + Self.megabytes(cost.peakRSSKilobytes)
      }
      figures.append(
        Figure(
          name:
            "import CSV (\(Self.count(size)) rows; speed by CPU, by wall \(NumberText.fixed(wallRatio, decimals: 2))×)",
          ours: cost(ourCost), baseline: cost(shellCost), ratio: ratio, target: "≥ 0.9× speed",
          holds: ratio >= 0.9))
    }
    if let first = points.first, let last = points.last, points.count > 1 {
      let perRow = { (point: (rows: Int, ours: ProcessCost, shell: ProcessCost)) in
        point.ours.cpuSeconds / Double(point.rows)
      }
      let growth = perRow(last) / perRow(first)
      let memory = points.map { Self.megabytes($0.ours.peakRSSKilobytes) }
      let peak = points.map(\.ours.peakRSSKilobytes).max() ?? 0
      let flat =
        Double(last.ours.peakRSSKilobytes) <= Double(first.ours.peakRSSKilobytes) * 1.25 + 2048
      figures.append(
        Figure(
          name:
            "import scaling (\(points.map { Self.count($0.rows) }.joined(separator: " → ")) rows)",
          ours:
            "\(points.map { Self.microseconds(perRow($0)) }.joined(separator: " → "))/row; "
            + memory.joined(separator: " → "),
          baseline:
            points.map { Self.microseconds($0.shell.cpuSeconds / Double($0.rows)) }.joined(
              separator: " → ") + "/row; "
            + points.map { Self.megabytes($0.shell.peakRSSKilobytes) }.joined(separator: " → "),
          ratio: nil, target: "linear (CPU ≤ 1.3×/row), < 64 MB flat",
          holds: growth <= 1.3 && flat && peak < 64 * 1024))
    }
    if let bytesPerRow {
      figures.append(
        Figure(
          name: "bytes per one-variable hourly row (= per stored value)",
          ours: NumberText.fixed(bytesPerRow.tables, decimals: 1) + " B (table + indexes)",
          baseline: NumberText.fixed(bytesPerRow.file, decimals: 1) + " B (whole file)",
          ratio: nil, target: "≤ 80 B", holds: bytesPerRow.file <= 80))
    }
    return figures
  }

  /// The bytes of `hourly_forecasts` and its indexes (and of the whole checkpointed file) per row.
  func storedBytes(database: String, rows: Int) throws -> (file: Double, tables: Double) {
    try Store(path: database).checkpoint()
    let file = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
    let tables =
      Double(
        try shellRow(
          database,
          "SELECT sum(pgsize) FROM dbstat WHERE name IN (SELECT name FROM sqlite_schema WHERE tbl_name IN ('hourly_forecasts', 'forecast_hours'))"
        ).first ?? "") ?? 0
    return (Double(file) / Double(rows), tables / Double(rows))
  }

  /// The benchmark's cities, ids 1…20, every one in UTC.
  static func addImportCities(to store: Store) throws {
    for index in 0..<importCities {
      _ = try store.addCity(
        City(
          name: "Bench \(index + 1)", countryCode: "ZZ", latitude: Double(index), longitude: 0,
          timezone: "UTC"))
    }
  }

  /// `rows` rows of `city,time,issued_at,temperature_2m`: every valid hour of every city with
  /// `importLeads` issues, cities interleaved as a provider's log interleaves them.
  static func writeImportCSV(rows: Int, to path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else {
      throw BenchError("cannot write \(path)")
    }
    defer { try? handle.close() }
    var buffer = Array("city,time,issued_at,temperature_2m\n".utf8)
    let start = LocalDate(year: 2020, month: 1, day: 1)!.midnightAsUTC
    for index in 0..<rows {
      let city = index % importCities + 1
      let step = index / importCities
      let lead = (step % importLeads + 1) * 6
      let valid = start + Int64(step / importLeads) * 3600
      let tenths = (index &* 7919) % 600 - 200
      buffer += Array(
        "\(city),\(iso(valid)),\(iso(valid - Int64(lead) * 3600)),\(tenths / 10).\(abs(tenths % 10))\n"
          .utf8)
      if buffer.count > 1 << 20 {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
      }
    }
    handle.write(Data(buffer))
  }

  /// `2026-01-01T06:00Z`.
  static func iso(_ epoch: Int64) -> String {
    let (day, second) = (epoch / 86_400, epoch % 86_400)
    let hour = second / 3600
    return LocalDate(dayNumber: day).description + "T" + (hour < 10 ? "0" : "") + "\(hour):00Z"
  }

  /// The shell's import of the same file into the same schema, computing the same columns
  /// (UTC cities: the local hour is the UTC one, a `local_hour_shift` of 0) and one fetch row
  /// per city.
  static func shellImportScript(csv: String) -> String {
    """
    CREATE TEMP TABLE import_rows (city TEXT, time TEXT, issued_at TEXT, temperature_2m REAL);
    .import --csv --skip 1 \(csv) import_rows
    BEGIN;
    INSERT INTO fetches (id, city_id, source, model, requested_at, status, url)
      SELECT id, id, '\(FetchSource.imported("bench").fetchLogValue)', 'bench', 0, 'ok', 'file://\(csv)'
      FROM cities;
    INSERT INTO forecast_series (source, model) VALUES ('bench', 'bench');
    INSERT INTO forecast_hours (city_id, series_id, valid_at, issued_at, dedupe, fetch_id,
        local_hour_shift, lead_hours, temperature_2m)
      SELECT CAST(city AS INTEGER), (SELECT id FROM forecast_series), unixepoch(time),
        (unixepoch(issued_at) / 3600) * 3600, 0, CAST(city AS INTEGER), 0,
        (unixepoch(time) - (unixepoch(issued_at) / 3600) * 3600) / 3600, temperature_2m
      FROM import_rows;
    COMMIT;
    """
  }

  static func microseconds(_ value: Double) -> String {
    NumberText.fixed(value * 1e6, decimals: 2) + " µs"
  }
}
