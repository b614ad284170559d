import Export
import Foundation
import OpenMeteo
import SkycastModel
import Store
import Verify

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the four measurements and formats the report.
struct Benchmark {
  let options: BenchOptions
  let workload: Workload
  let directory: String
  let skycast: String
  let sqlite3: String

  init(options: BenchOptions) throws {
    self.options = options
    workload = Workload(options: options)
    directory = options.workDirectory
    skycast =
      options.skycast
      ?? (URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        + "/skycast")
    guard FileManager.default.isExecutableFile(atPath: skycast) else {
      throw BenchError(
        "no skycast binary at \(skycast); build it first (swift build -c release --product skycast)"
      )
    }
    guard
      let sqlite3 = Subprocess.which(options.sqlite3)
        ?? (FileManager.default.isExecutableFile(atPath: options.sqlite3) ? options.sqlite3 : nil)
    else {
      throw BenchError("the sqlite3 shell is needed for the baselines (apt-get install sqlite3)")
    }
    self.sqlite3 = sqlite3
  }

  func log(_ message: String) {
    FileHandle.standardError.write(Data("· \(message)\n".utf8))
  }

  func run() throws -> String {
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { if !options.keep { try? FileManager.default.removeItem(atPath: directory) } }
    if Self.ensembleOnly { return render(try ensemble()) }
    var figures: [Figure] = []
    func note(_ figure: Figure) -> Figure {
      log("\(figure.name): skycast \(figure.ours), sqlite3 \(figure.baseline)")
      return figure
    }
    if options.importOnly { return render(try importSeries()) }
    // SKYCAST_BENCH_ONLY=ingest,query,… runs only those measurements (names in `Section`).
    let only = Set(
      (ProcessInfo.processInfo.environment["SKYCAST_BENCH_ONLY"] ?? "").split(separator: ",")
        .compactMap { Section(rawValue: String($0)) })
    func runs(_ section: Section) -> Bool { only.isEmpty || only.contains(section) }
    // The station files need no history: measured alone, none is built.
    if only == [.stations] { return render(try stationImport()) }
    let big: String
    if let history = options.history {
      big = history
      if runs(.ingest), !only.isEmpty { figures.append(note(try ingest())) }
    } else {
      if runs(.ingest) { figures.append(note(try ingest())) }
      big = try buildHistory()
    }
    if runs(.importSeries) { figures += try importSeries() }
    if runs(.query) { figures.append(try query(database: big)) }
    if runs(.handSQL) { figures += try verifyAgainstHandWrittenSQL(database: big).map(note) }
    if runs(.archive) { figures += try archiveAnalyses(database: big) }
    if runs(.bootstrap) { figures += try bootstrap(database: big) }
    if runs(.export) { figures += try export(database: big) }
    if runs(.latest) { figures += try latestViews(database: big) }
    if runs(.bytes) { figures += try bytesPerValue(database: big) }
    if runs(.startup) { figures.append(try startup()) }
    if runs(.ensemble) { figures += try ensemble() }
    if runs(.inflate) { figures.append(try inflate()) }
    if runs(.stations) { figures += try stationImport() }
    return render(figures)
  }

  /// The measurements `SKYCAST_BENCH_ONLY` can pick.
  enum Section: String {
    case ingest, query, bootstrap, export, startup, ensemble, inflate, latest, bytes, stations
    case archive
    case importSeries = "import"
    case handSQL = "hand-sql"
  }

  // MARK: - Ingest

  /// Decode + store `ingestBodies` forecast bodies through `ForecastIngest.storeBatch` (one commit
  /// per batch of 10 cities, each city in its own savepoint, as `collect` does) against `sqlite3
  /// .import` of the same stored rows (`forecast_hours`) as CSV into a database with the same
  /// schema and indexes. Each side runs three times into a fresh file and keeps its least CPU:
  /// on this kind of machine one side's CPU for the same job varies by ±15 % run to run.
  func ingest() throws -> Figure {
    let count = min(options.ingestBodies, workload.bodyCount)
    log("ingest: generating \(count) forecast bodies")
    let jobs = (0..<count).map { workload.job($0) }
    let bodies = jobs.map { workload.history.forecastBody(place: $0.place, issuedAt: $0.issuedAt) }
    let (_, decodeSeconds) = try measure {
      for body in bodies { _ = try ResponseDecoder().decode(body) }
    }
    let (_, hashSeconds) = measure { for body in bodies { _ = SHA256.hexDigest(body) } }
    log(
      "ingest: decoding alone \(Self.seconds(decodeSeconds)), SHA-256 alone \(Self.seconds(hashSeconds))"
    )
    log("ingest: decoding and storing through the collector's code (best of \(Self.ingestRuns))")
    let batches = Dictionary(grouping: zip(jobs, bodies), by: { $0.0.issuedAt }).sorted {
      $0.key < $1.key
    }
    var ours = ""
    var rows = 0
    var (seconds, cpu) = (Double.infinity, Double.infinity)
    for run in 0..<Self.ingestRuns {
      ours = directory + "/ingest-skycast-\(run).sqlite"
      let store = try Store(path: ours)
      let cities = try workload.addCities(to: store)
      let cpuStart = Self.cpuSeconds()
      let (_, wall) = try measure {
        for (issuedAt, batch) in batches {
          try Workload.ingest(
            batch.map { (cities[$0.0.place], $0.1) }, issuedAt: issuedAt, store: store)
        }
      }
      let used = Self.cpuSeconds() - cpuStart
      if used < cpu { (seconds, cpu) = (wall, used) }
      rows = Int(try store.hourlyForecastRowCount())
    }
    let csv = directory + "/ingest-rows.csv"
    // The stored columns by name (`SELECT *` would add the virtual `rowid` column of schema 6,
    // which `.import` has no place for), in the order the collector stored the rows (issue by
    // issue, city by city), not the table's key order: a key-ordered file would let the shell
    // append every row at the end of the B-tree.
    let columnsFile = directory + "/ingest-columns.txt"
    _ = try Subprocess.run(
      sqlite3,
      ["-list", ours, "SELECT group_concat(name, ', ') FROM pragma_table_info('forecast_hours')"],
      stdoutPath: columnsFile)
    let list = try String(contentsOfFile: columnsFile, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    _ = try Subprocess.run(
      sqlite3,
      [
        "-csv", ours,
        "SELECT \(list) FROM forecast_hours ORDER BY issued_at, city_id, series_id, valid_at, dedupe",
      ], stdoutPath: csv)
    var best: ProcessCost?
    for run in 0..<Self.ingestRuns {
      let baselineDatabase = directory + "/ingest-sqlite3-\(run).sqlite"
      do { _ = try Store(path: baselineDatabase) }
      // The shell's `.import` counts a table's columns with `SELECT *`, which includes the
      // virtual `rowid` column of schema 6, and then cannot insert that many values. The column
      // stores nothing, so the baseline file goes without it and is otherwise the same.
      _ = try Subprocess.run(
        sqlite3, [baselineDatabase, "ALTER TABLE forecast_hours DROP COLUMN rowid"])
      let cost = try Subprocess.run(
        sqlite3, [baselineDatabase, ".import --csv \(csv) forecast_hours"])
      let imported = try shellCount(baselineDatabase, "SELECT count(*) FROM forecast_hours")
      guard imported == rows else {
        throw BenchError("the shell imported \(imported) rows, expected \(rows)")
      }
      if cost.cpuSeconds < best?.cpuSeconds ?? .infinity { best = cost }
    }
    guard let shell = best else { throw BenchError("the shell import did not run") }
    // Speed by CPU (user + system): other processes' load moves wall times far more. Ours is
    // this process's own CPU over the ingest (decoding and hashing included).
    func rates(_ seconds: Double, _ cpu: Double) -> String {
      "\(Self.count(Int(Double(rows) / seconds))) rows/s (\(Self.count(Int(Double(rows) / cpu))) by CPU)"
    }
    let ratio = shell.cpuSeconds / cpu
    return Figure(
      name:
        "ingest (\(Self.count(rows)) hourly rows, best of \(Self.ingestRuns); speed by CPU, by wall \(NumberText.fixed(shell.seconds / seconds, decimals: 2))×)",
      ours: rates(seconds, cpu), baseline: rates(shell.seconds, shell.cpuSeconds), ratio: ratio,
      target: "≥ 0.92×", holds: ratio >= 0.92)
  }

  /// Runs of each side of the ingest measurement.
  static let ingestRuns = 3

  // MARK: - The large history

  /// Builds the full history (all places × issues) through the same ingest path, plus the
  /// observations verification pairs with.
  func buildHistory() throws -> String {
    let path = directory + "/history.sqlite"
    let store = try Store(path: path)
    let cities = try workload.addCities(to: store)
    log(
      "history: \(workload.bodyCount) forecasts (\(Self.count(workload.bodyCount * workload.history.forecastDays * 24)) hourly rows) for \(cities.count) places"
    )
    let (_, seconds) = try measure {
      for (number, issuedAt) in workload.issues.enumerated() {
        let bodies = cities.indices.map {
          (cities[$0], workload.history.forecastBody(place: $0, issuedAt: issuedAt))
        }
        try Workload.ingest(bodies, issuedAt: issuedAt, store: store)
        if number % 50 == 49 { log("history: issue \(number + 1)/\(workload.issues.count)") }
      }
      try workload.addObservations(to: store, cities: cities)
      try store.checkpoint()
    }
    log("history built in \(Self.seconds(seconds)) (generation included)")
    return path
  }

  // MARK: - Query

  func query(database: String) throws -> Figure {
    let script = directory + "/verify-by-lead.sql"
    try BenchQueries.verifyByLead.write(toFile: script, atomically: true, encoding: .utf8)
    let rows = try shellCount(database, "SELECT count(*) FROM forecast_hours")
    log("query: verify --by lead over \(Self.count(Int(rows))) forecast rows")
    let shell = try best(of: 2) {
      try Subprocess.run(sqlite3, ["-csv", database, ".read \(script)"])
    }
    let ours = try best(of: 2) {
      try Subprocess.run(
        skycast, ["verify", "--by", "lead", "--format", "csv", "--db", database, "-o", "/dev/null"])
    }
    let ratio = ours.seconds / shell.seconds
    return Figure(
      name: "query: verify --by lead (\(Self.count(Int(rows))) rows)",
      ours: Self.seconds(ours.seconds),
      baseline: Self.seconds(shell.seconds), ratio: ratio, target: "≤ 1.2×", holds: ratio <= 1.2)
  }

  // MARK: - Bootstrap

  /// `verify --by lead --ci` (1000 resamples of whole valid days) against the same command
  /// without `--ci`, end to end (the merge join then also sums per valid day); and the resampling
  /// alone, timed in this process as CPU time (steadier than wall time on a busy machine) on
  /// the sums that pass read.
  func bootstrap(database: String) throws -> [Figure] {
    log("bootstrap: verify --by lead with and without --ci (1000 resamples)")
    let arguments = [
      "verify", "--by", "lead", "--format", "csv", "--db", database, "-o", "/dev/null",
    ]
    let plain = try best(of: 2) { try Subprocess.run(skycast, arguments) }
    let intervals = try best(of: 2) { try Subprocess.run(skycast, arguments + ["--ci"]) }
    let added = intervals.seconds - plain.seconds

    let store = try Store(path: database, access: .readOnly)
    let verifier = Verifier(store: store)
    var request = VerifyRequest(observationSource: FetchSource.era5.rawValue, groupBy: [.lead])
    request.bootstrap = BootstrapSettings()
    var sums = try verifier.sums(request)
    func cpu(resamples: Int) -> Double {
      sums.bootstrap?.resamples = resamples
      var best = Double.infinity
      for _ in 0..<3 {
        let start = Self.cpuSeconds()
        _ = sums.report()
        best = min(best, Self.cpuSeconds() - start)
      }
      return best
    }
    let resampling = cpu(resamples: 1000) - cpu(resamples: 0)
    log(
      "bootstrap: 1000 resamples of \(sums.groupCount) groups take \(Self.seconds(resampling)) CPU")
    return [
      Figure(
        name: "bootstrap: verify --by lead --ci (1000 resamples), wall",
        ours: Self.seconds(intervals.seconds) + " (+\(Self.seconds(max(0, added))))",
        baseline: Self.seconds(plain.seconds) + " (skycast without --ci)", ratio: nil,
        target: "< +1 s", holds: added < 1),
      Figure(
        name: "bootstrap: the 1000 resamples alone (CPU, in process)",
        ours: Self.seconds(resampling), baseline: "\(sums.groupCount) groups of valid days",
        ratio: nil, target: "< 1 s", holds: resampling < 1),
    ]
  }

  /// CPU seconds this process has used (user + system).
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }

  // MARK: - Export

  func export(database: String) throws -> [Figure] {
    let total = try shellCount(database, "SELECT count(*) FROM forecast_hours")
    let perCity = max(1, total / max(1, workload.history.places.count))
    let wanted = options.exportRows > 0 ? options.exportRows : total
    let cityCount = min(workload.history.places.count, max(1, (wanted + perCity - 1) / perCity))
    let cityArguments = (1...cityCount).flatMap { ["--city", String($0)] }
    let rows = try shellCount(
      database, "SELECT count(*) FROM forecast_hours WHERE city_id <= \(cityCount)")
    // As a user runs them: `skycast export … -o file` (written whole to a temporary file,
    // synced and renamed) against the shell's `> file`, and both into a pipe the benchmark
    // drains. (Writing to /dev/null, as this figure once did, skipped our file's sync and
    // measured neither.)
    var figures: [Figure] = []
    var ours = ProcessCost(seconds: 0, peakRSSKilobytes: 0, status: 0)
    var shell = ours
    for (label, isPipe) in [("file", false), ("pipe", true)] {
      log("export: \(Self.count(rows)) rows as CSV into a \(label)")
      let shellFile = directory + "/export-shell.csv"
      let oursFile = directory + "/export-skycast.csv"
      shell = try best(of: 2) {
        try Subprocess.run(
          sqlite3, ["-csv", "-header", database, BenchQueries.export(cityLimit: cityCount)],
          stdoutPath: isPipe ? Subprocess.pipe : shellFile)
      }
      ours = try best(of: 2) {
        try Subprocess.run(
          skycast,
          ["export", "hourly", "--format", "csv", "--db", database]
            + (isPipe ? [] : ["-o", oursFile]) + cityArguments,
          stdoutPath: isPipe ? Subprocess.pipe : "/dev/null")
      }
      try? FileManager.default.removeItem(atPath: shellFile)
      try? FileManager.default.removeItem(atPath: oursFile)
      let ratio = ours.seconds / shell.seconds
      figures.append(
        Figure(
          name: "export CSV (\(Self.count(rows)) rows into a \(label))",
          ours: Self.seconds(ours.seconds) + " (\(Self.seconds(ours.cpuSeconds)) CPU)",
          baseline: Self.seconds(shell.seconds) + " (\(Self.seconds(shell.cpuSeconds)) CPU)",
          ratio: ratio, target: "≤ 0.5×", holds: ratio <= 0.5))
    }
    log("export: all \(Self.count(total)) rows for peak memory")
    let all = try Subprocess.run(
      skycast, ["export", "hourly", "--format", "csv", "--db", database, "-o", "/dev/null"])
    let shellAll = try Subprocess.run(
      sqlite3,
      ["-csv", "-header", database, BenchQueries.export(cityLimit: workload.history.places.count)])
    let peak = max(ours.peakRSSKilobytes, all.peakRSSKilobytes)
    let flat = Double(all.peakRSSKilobytes) <= Double(ours.peakRSSKilobytes) * 1.25 + 2048
    figures.append(
      Figure(
        name: "export peak RSS (\(Self.count(rows)) → \(Self.count(total)) rows)",
        ours: "\(Self.megabytes(ours.peakRSSKilobytes)) → \(Self.megabytes(all.peakRSSKilobytes))",
        baseline:
          "\(Self.megabytes(shell.peakRSSKilobytes)) → \(Self.megabytes(shellAll.peakRSSKilobytes))",
        ratio: nil, target: "< 50 MB, flat", holds: peak < 50 * 1024 && flat))
    figures += try parquetExport(database: database, csvSeconds: all.seconds, rows: total)
    return figures
  }

  // MARK: - Start-up

  func startup() throws -> Figure {
    let ours = try best(of: 10) { try Subprocess.run(skycast, ["--help"]) }
    let shell = try best(of: 10) { try Subprocess.run(sqlite3, [":memory:", "SELECT 1"]) }
    return Figure(
      name: "start-up: skycast --help", ours: Self.milliseconds(ours.seconds),
      baseline: Self.milliseconds(shell.seconds) + " (sqlite3 :memory: 'SELECT 1')",
      ratio: ours.seconds / shell.seconds, target: "—", holds: nil)
  }

  /// The fastest of `runs` (the least disturbed by the other core's load).
  func best(of runs: Int, _ body: () throws -> ProcessCost) throws -> ProcessCost {
    var best: ProcessCost?
    for _ in 0..<runs {
      let cost = try body()
      if best == nil || cost.seconds < best!.seconds { best = cost }
    }
    return best!
  }

  // MARK: - Report

  func render(_ figures: [Figure]) -> String {
    BenchResults.save(
      BenchResults.markdown(
        figures,
        workload:
          "\(options.cities) places × \(options.days) days × \(options.issuesPerDay) issues/day × \(workload.history.forecastDays)-day forecasts, seed \(options.seed)",
        quick: options.quick))
    let header = ["measurement", "skycast", "sqlite3 shell", "ratio", "target", ""]
    let rows = figures.map { figure in
      [
        figure.name, figure.ours, figure.baseline,
        figure.ratio.map { NumberText.fixed($0, decimals: 2) + "×" } ?? "",
        figure.target, figure.holds.map { $0 ? "holds" : "MISSED" } ?? "",
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { DisplayWidth.of($0[column]) }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map {
        DisplayWidth.padded($0.element, to: widths[$0.offset], alignRight: false)
      }
      .joined(separator: "  ").replacingOccurrences(
        of: "\\s+$", with: "", options: .regularExpression)
    }
    var text =
      "skycast-bench: \(options.cities) places × \(options.days) days × \(options.issuesPerDay) issues/day × \(workload.history.forecastDays)-day forecasts, seed \(options.seed)\n\n"
    text += line(header) + "\n" + line(widths.map { String(repeating: "-", count: $0) }) + "\n"
    text += rows.map(line).joined(separator: "\n") + "\n\n"
    let judged = figures.filter { $0.holds != nil }
    let held = judged.filter { $0.holds == true }
    text += "summary: \(held.count)/\(judged.count) targets hold — "
    text += figures.compactMap { figure -> String? in
      guard let ratio = figure.ratio, figure.holds != nil else { return nil }
      // The command's words: up to " vs " or " (", whichever comes first.
      var name = figure.name
      for mark in [" vs ", " ("] {
        if let range = name.range(of: mark) { name = String(name[..<range.lowerBound]) }
      }
      return name + " " + NumberText.fixed(ratio, decimals: 2) + "×"
    }.joined(separator: ", ")
    if let memory = figures.first(where: { $0.name.hasPrefix("export peak") }) {
      text += ", export RSS \(memory.ours)"
    }
    if options.quick {
      text +=
        "\n(--quick: a smoke run; at this size process start-up dominates the query and export times, so only the full run's ratios mean something)"
    }
    return text
  }

  static func count(_ value: Int) -> String {
    value >= 1_000_000
      ? NumberText.fixed(Double(value) / 1e6, decimals: 2) + " M"
      : value >= 10_000 ? NumberText.fixed(Double(value) / 1e3, decimals: 1) + " k" : String(value)
  }

  static func seconds(_ value: Double) -> String { NumberText.fixed(value, decimals: 2) + " s" }
  static func milliseconds(_ value: Double) -> String {
    NumberText.fixed(value * 1000, decimals: 1) + " ms"
  }
  static func megabytes(_ kilobytes: Int) -> String {
    NumberText.fixed(Double(kilobytes) / 1024, decimals: 1) + " MB"
  }
}
