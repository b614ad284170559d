import Demo
import Export
import Foundation
import Import
import OpenMeteo
import SkycastModel
import Store

/// `skycast demo`: builds a fresh database from the samples and walks through every feature.
enum DemoCommand {
  static let spec = CommandSpec(
    name: "demo",
    abstract: "Build a demo database from the built-in samples and tour every feature (offline).",
    discussion: """
      Loads the recorded Open-Meteo responses in Samples/ through \
      the same decoding and storing code as collect, observe and backfill, adds a clearly labelled synthetic history (three \
      invented places, four weeks of forecasts issued every 6 hours up to 16 days ahead, with \
      matching observations, seed 2026), imports a sample station CSV, then runs city list, now, \
      spark, summary and verify against it. The clock is pinned to the recordings' time. Without \
      --db the database goes to a new temporary folder, which is kept so you can try more \
      commands on it: the last line says where, how big it is (about 25 MB) and how to remove \
      it. With --db the file must not exist yet.
      """,
    run: { try await run($0) })

  static func run(_ invocation: Invocation) async throws -> Int32 {
    let path = try databasePath(invocation)
    let out = invocation.stdout
    let pinned = DemoDataset.clock
    // On a terminal every line fits its width (prose wraps at spaces, commands with ` \`);
    // files and pipes keep one line per item.
    let width = invocation.context.stdoutIsTTY ? invocation.context.width(override: nil) : nil
    func say(_ text: String, indent: String = "") throws {
      guard let width else { return try out.line(text) }
      for part in WordWrap.lines(text, width: width, indent: indent) { try out.line(part) }
    }
    func command(_ prefix: String, _ words: [String]) throws {
      guard let width else { return try out.line(prefix + words.joined(separator: " ")) }
      let line = prefix + words.joined(separator: " ")
      for part in HelpTopic.folded(line, width: width, shell: true, continuation: "    ") {
        try out.line(part)
      }
    }
    try say(
      "Skycast demo — weather data by Open-Meteo.com (CC BY 4.0) and a labelled synthetic history")
    try say("database: \(path)", indent: "  ")
    try say(
      "clock pinned to \(WallClock.iso8601(epoch: pinned, offset: 0)) (the Copenhagen recording's time)"
    )
    try out.line()
    let started = Date()
    do {
      let store = try Store(path: path, now: pinned)
      for step in try DemoDataset(store: store).load() {
        try say("  loaded \(step.label)", indent: "         ")
        try say("         \(step.detail)", indent: "         ")
      }
    }
    let station = try importStation(invocation, path: path)
    try say("  loaded Samples/synthetic-station-alpenau.csv", indent: "         ")
    try say("         \(station)", indent: "         ")
    try out.line("  (\(String(format: "%.1f", Date().timeIntervalSince(started))) s)")
    try out.flush()

    let context = demoContext(invocation.context)
    let synthetic = ["--city", "Alpenau", "--city", "Prairie Falls", "--city", "北港"]
    var failures = 0
    func section(_ number: Int, _ title: String, _ arguments: [String]) async throws {
      try out.line()
      let rule = max(3, min(width ?? 80, 80) - 7 - DisplayWidth.of(title) - (number > 9 ? 1 : 0))
      try out.line("── \(number). \(title) " + String(repeating: "─", count: rule))
      try command("$ skycast ", arguments.map(quote))
      try out.flush()
      let code = await CLI.run(arguments + ["--db", path], context: context)
      if code != 0 { failures += 1 }
    }
    try await section(1, "Saved cities", ["city", "list", "--format", "table"])
    try await geocodingExample(invocation)
    try await section(
      2, "The weather-app view from the newest stored forecast", ["now", "Copenhagen"])
    try await section(
      3, "Sparklines: two weeks of 2 m temperature, one scale",
      ["spark"] + synthetic + ["--from", "2026-07-13", "--to", "2026-07-26"])
    try await section(
      4, "UV summary by local day",
      [
        "summary", "uv", "--city", "北港", "--from", "2026-07-20", "--to", "2026-07-26", "--format",
        "table",
      ])
    try await section(
      5, "Precipitation indices (ETCCDI) over the observed period",
      ["summary", "precip"] + synthetic + [
        "--series", "observed:synthetic", "--from", "2026-07-01", "--to", "2026-07-25", "--by",
        "period", "--format", "table",
      ])
    try await section(
      6, "Verification by lead day: error grows with lead time",
      ["verify"] + synthetic + [
        "--obs", DemoDataset.observationSource, "--model", ModelName.bestMatch, "--by", "lead-day",
        "--format", "table",
      ])
    try await section(
      7, "Rain (> 0.1 mm in the hour): contingency and Brier scores",
      ["verify"] + synthetic + [
        "--obs", DemoDataset.observationSource, "--model", ModelName.bestMatch,
        "--var", "precipitation", "--threshold", "0.1", "--op", "gt", "--by", "lead-day",
        "--format", "table",
      ])
    try await section(
      8, "Two models on the same cases: difference and DM test",
      ["verify"] + synthetic + [
        "--obs", DemoDataset.observationSource, "--compare", ModelName.bestMatch,
        DemoDataset.secondModel, "--by", "lead-day", "--columns",
        "lead_day,n,days,rmse_a,rmse_b,rmse_diff,p_value,verdict,note", "--format", "table",
      ])
    try await section(
      9, "An imported source against the collected forecasts",
      ["verify"] + synthetic + [
        "--obs", DemoDataset.observationSource, "--compare", FetchSource.forecast.rawValue,
        DemoDataset.importedSource, "--model",
        "\(ModelName.bestMatch),\(DemoDataset.importedSource)",
        "--by", "lead-day", "--columns", "lead_day,n,rmse_a,rmse_b,rmse_diff,verdict,note",
        "--format", "table",
      ])
    try await section(
      10, "The ensemble: CRPS, spread and spread–skill by lead day",
      ["verify", "--ensemble"] + synthetic + [
        "--obs", DemoDataset.observationSource, "--by", "lead-day", "--format", "table",
      ])
    try out.line()
    try out.line("── Try next " + String(repeating: "─", count: min(width ?? 80, 80) - 12))
    for example in [
      "verify --obs synthetic --by lead-day --by model",
      "verify --obs synthetic --compare best_match \(DemoDataset.secondModel) --by lead-day --format latex",
      "verify --obs synthetic --by lead-day --by model --format svg -o rmse-by-lead-day.svg",
      "verify --ensemble --obs synthetic --rank-histogram --format svg -o rank-histogram.svg",
      "spark --city Alpenau --at 2026-07-20",
      "export hourly --city Alpenau --latest --excel -o alpenau.csv",
      "report --list",
      "report data-completeness --city Alpenau",
      "sql \"SELECT city, count(*) FROM hourly_forecasts_named GROUP BY city\"",
      "summary feels-like --city 北港 --from 2026-07-20 --to 2026-07-26 --method nws",
    ] {
      try command("  skycast ", ["--db " + quote(path), example])
    }
    try out.line()
    try say(
      "The synthetic places (Alpenau, Prairie Falls, 北港) and their data are invented (seed \(DemoDataset.seed)); the others come from recorded Open-Meteo responses (Samples/README.md)."
    )
    try out.line()
    try say(try keep(path, temporary: !invocation.isGiven(SharedOptions.dbPath)))
    try out.flush()
    guard failures == 0 else {
      throw CLIError.failure("\(failures) demo step\(failures == 1 ? "" : "s") failed (see above)")
    }
    return ExitStatus.success
  }

  /// `--db` (must not exist yet) or a new temporary folder. `SKYCAST_DB` is ignored on purpose:
  /// the demo never touches the user's real database.
  static func databasePath(_ invocation: Invocation) throws -> String {
    if let given = invocation[SharedOptions.dbPath] {
      let path = invocation.context.resolve(path: given)
      guard !FileManager.default.fileExists(atPath: path) else {
        throw CLIError.failure(
          "\(path) already exists; the demo builds a fresh database (choose a new --db path)")
      }
      return path
    }
    let base = invocation.context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let folder = base + "/skycast-demo-" + String(UUID().uuidString.prefix(8)).lowercased()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/demo.sqlite"
  }

  /// Leaves the database as one file (no `-wal`/`-shm` beside it) and says where it is, how big,
  /// and how to remove it: the demo keeps it for the commands above, but never silently.
  static func keep(_ path: String, temporary: Bool) throws -> String {
    do {
      let store = try Store(path: path, now: DemoDataset.clock)
      try store.makeSelfContained()
    }
    let fileManager = FileManager.default
    for suffix in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
      try? fileManager.removeItem(atPath: path + suffix)
    }
    let size = (try? fileManager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let folder = (path as NSString).deletingLastPathComponent
    return "The demo database is kept at \(path) (\(ByteCount.text(size))) for the commands above; "
      + (temporary
        ? "remove it when done with: rm -r \(quote(folder))"
        : "remove it when done with: rm \(quote(path))")
  }

  /// The station CSV goes through `import observations`, like a user's file.
  static func importStation(_ invocation: Invocation, path: String) throws -> String {
    let store = try Store(path: path, now: DemoDataset.clock)
    let result = try Importer.run(
      try DemoDataset.sample("synthetic-station-alpenau.csv"),
      path: "Samples/synthetic-station-alpenau.csv",
      options: ImportOptions(kind: .observations, source: "station"), store: store,
      now: DemoDataset.clock)
    return "Alpenau: \(result.rows) hourly rows (import observations, source station)"
  }

  /// What `city add Frederick` shows, from the recorded geocoding response (no network).
  static func geocodingExample(_ invocation: Invocation) async throws {
    let results = try Geocoding.decode(
      try DemoDataset.sample("open-meteo/geocoding-frederick-3-results.json"))
    try invocation.stdout.line()
    try invocation.stdout.line(
      "$ skycast city add Frederick        (from the recorded geocoding response)")
    try invocation.stdout.write(CityCommand.describe(results, query: "Frederick"))
    try invocation.stdout.line("  → on a terminal you pick a number; in scripts pass --pick N")
    try invocation.stdout.flush()
  }

  /// The tour's context: the same streams and terminal, the pinned clock, no network settings.
  static func demoContext(_ context: CommandContext) -> CommandContext {
    var environment = context.environment.filter { !$0.key.hasPrefix("SKYCAST_") }
    environment["SKYCAST_FORECAST_URL"] = "http://127.0.0.1:9"
    return CommandContext(
      environment: environment, workingDirectory: context.workingDirectory, stdout: context.stdout,
      stderr: context.stderr, stdinIsTTY: false, stdoutIsTTY: context.stdoutIsTTY,
      stderrIsTTY: context.stderrIsTTY, terminalColumns: context.terminalColumns,
      now: { Date(timeIntervalSince1970: TimeInterval(DemoDataset.clock)) }, sleep: context.sleep)
  }

  static func quote(_ word: String) -> String {
    word.contains(" ") || word.contains("\"")
      ? "\"" + word.replacingOccurrences(of: "\"", with: "\\\"") + "\"" : word
  }
}
