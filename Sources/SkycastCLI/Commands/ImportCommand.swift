import Foundation
import Import
import SkycastModel
import Store

/// `skycast import observations|forecasts FILE`: load CSV from stations or other providers.
enum ImportCommand {
  static let spec = CommandSpec(
    name: "import", abstract: "Load observations or forecasts from a CSV file.",
    discussion: """
      The file needs a header row. Columns: city (name or id; or --city for the whole file), \
      time (hourly rows: ISO 8601; with Z or an offset it is absolute, without one it is the \
      city's local time) or date (daily rows: YYYY-MM-DD), for forecasts issued_at (and \
      optionally model), then variable columns named as in 'skycast vars' (a unit in the header, \
      'temperature_2m (°F)', is converted). An empty cell is a missing value. UTF-8 with or \
      without BOM and UTF-16 with BOM are read; other bytes are read as GB18030 (Excel/WPS on \
      Chinese Windows) with a warning.

      Nothing is stored unless every row is valid; problems are listed with their line numbers. \
      --skip-invalid stores the valid rows and lists the others. Importing the same file again \
      changes nothing.
      """,
    subcommands: [observations, forecasts])

  static let commonOptions: [OptionSpec] = [
    SharedOptions.city.help(
      "The city of every row without a city cell: id, name or \"Name, Admin1\"."
    ).spec,
    Options.encoding.spec, Options.skipInvalid.spec, Options.dryRun.spec,
  ]

  static let observations = CommandSpec(
    name: "observations", abstract: "Load station or other observations from CSV.",
    discussion: """
      Rows go to hourly_observations (a time column) or daily_observations (a date column) with \
      the source NAME, one row per city, source and hour or date: a new value replaces a stored \
      one, an empty cell never does.

      --format PROVIDER reads a weather station's own file instead (ghcnh, meteostat, dwd, \
      ecad, asos, isd-lite; plain, .gz or .zip): values in canonical units, flagged and \
      model-filled values left out and counted, one value per UTC hour; the rows go under the \
      station's own source, station:PROVIDER:ID, for --city or the city the station is linked \
      to ('skycast station link').

      Examples:
        skycast import observations station.csv --source dwd --city Berlin
        skycast import observations stundenwerte_TU_00433_akt.zip --format dwd --city Berlin
      """,
    arguments: [ArgumentSpec("file", help: "The CSV file, or a station file with --format.")],
    options: [
      Options.source.spec.shown("station"), Options.format.spec, Options.station.spec,
      Options.keepSuspect.spec, Options.strict.spec,
    ] + commonOptions,
    rules: [
      .requires(Options.station, oneOf: [Options.format], "--station goes with --format"),
      .requires(Options.keepSuspect, oneOf: [Options.format], "--keep-suspect goes with --format"),
      .requires(
        Options.strict, oneOf: [Options.format],
        "--strict goes with --format (a CSV import refuses a bad row unless --skip-invalid)"),
    ] + StationImportCommand.rules,
    run: { try run($0, kind: .observations) })

  static let forecasts = CommandSpec(
    name: "forecasts",
    abstract: "Load forecasts from another provider (e.g. a QWeather or OpenWeatherMap log).",
    discussion: """
      Rows go to hourly_forecasts (a time column) or daily_forecasts (a date column) with the \
      source NAME and the model column (default: NAME). issued_at is required and floored to \
      the hour; lead_hours = (time - issued_at)/3600 and lead_days = local date - local issue \
      date. Rows are keyed on (city, source, model, issued_at, time or date).

      Example:
        skycast import forecasts qweather-log.csv --source qweather
      """,
    arguments: [ArgumentSpec("file", help: "The CSV file.")],
    options: [
      Options.source.help(
        "The source name stored on the rows (letters, digits, - and _). Required."
      ).spec
    ] + commonOptions,
    rules: [
      OptionRule(
        when: [], unless: [Options.source],
        "Missing expected option '--source <name>' (the provider, e.g. qweather)")
    ],
    run: { try run($0, kind: .forecasts) })

  static func run(_ invocation: Invocation, kind: ImportKind) throws -> Int32 {
    // The file is a required argument: the scanner refuses a command line without one.
    let given = invocation.arguments[0]
    if kind == .observations,
      let provider = try invocation[Options.format]
    {
      return try StationImportCommand.run(invocation, file: given, provider: provider)
    }
    // `import forecasts` declares --source required; observations default to "station".
    guard let source = invocation[Options.source] ?? (kind == .observations ? "station" : nil)
    else { throw invocation.ruleNotChecked("no --source") }
    try Importer.checkSourceName(source)
    let encoding = try invocation[Options.encoding]
    let path = invocation.context.resolve(path: given)
    let input: ImportInput
    do {
      input = try ImportInput(path: path, shown: given)
    } catch {
      throw CLIError.failure("\(error)")
    }
    let store = try invocation.openStore()
    var options = ImportOptions(kind: kind, source: source, encoding: encoding)
    options.city = try invocation[SharedOptions.city].map { try store.resolveCity($0) }
    options.skipInvalid = invocation[Options.skipInvalid]
    options.dryRun = invocation[Options.dryRun]
    let result: ImportResult
    do {
      result = try Importer.run(
        input, path: (path as NSString).standardizingPath, options: options, store: store,
        now: invocation.context.nowEpoch)
    } catch let failure as ImportFailure {
      report(failure.problems, file: given, invocation: invocation)
      let count = failure.problems.count
      let what =
        failure.isFatal ? "cannot be imported" : "has \(count) problem\(count == 1 ? "" : "s")"
      let hint =
        failure.isFatal ? "" : " (fix them, or use --skip-invalid to import the valid rows)"
      throw CLIError.failure("\(given) \(what); nothing was imported\(hint)")
    }
    if result.fellBackToGB18030 {
      invocation.warn(
        "\(given) is not valid UTF-8; read it as GB18030 (Excel/WPS on Chinese Windows). Check the city names below; use --encoding to choose another encoding"
      )
    }
    for warning in result.warnings { invocation.warn("\(given) \(warning)") }
    if !result.skipped.isEmpty {
      report(result.skipped, file: given, invocation: invocation)
      invocation.warn(
        "skipped \(result.skippedRows) invalid row\(result.skippedRows == 1 ? "" : "s") of \(given) (--skip-invalid)"
      )
    }
    if result.emptyRows > 0 {
      invocation.info(
        "\(result.emptyRows) row\(result.emptyRows == 1 ? " has" : "s have") no values and \(result.emptyRows == 1 ? "was" : "were") not stored"
      )
    }
    if result.rows == 0 {
      invocation.warn("\(given) has no rows with values to import")
    }
    for city in result.cities {
      invocation.detail("\(city.city.name): \(city.rows) rows, \(describe(city.counts))")
    }
    let cityCount = result.cities.count
    let summary =
      "\(result.rows) row\(result.rows == 1 ? "" : "s") for \(cityCount) \(cityCount == 1 ? "city" : "cities") from \(given) (source \(source))"
    if options.dryRun {
      invocation.info("checked \(summary) into \(result.table); nothing stored (--dry-run)")
    } else {
      invocation.info("imported \(summary) into \(result.table): \(describe(result.counts))")
    }
    return ExitStatus.success
  }

  static func describe(_ counts: UpsertCounts) -> String {
    "\(counts.inserted) new, \(counts.updated) updated, \(counts.unchanged) unchanged"
  }

  /// Problems on stderr, `FILE line N: …`, at most 50 of them.
  static func report(_ problems: [ImportProblem], file: String, invocation: Invocation) {
    let limit = 50
    for problem in problems.prefix(limit) {
      invocation.note(problem.line == nil ? "\(file): \(problem.message)" : "\(file) \(problem)")
    }
    if problems.count > limit {
      invocation.note("… and \(problems.count - limit) more problems")
    }
  }
}

extension ImportCommand {
  /// The options of `import observations|forecasts`, shared with `StationImportCommand`.
  typealias Options = ImportFileOptions
}
