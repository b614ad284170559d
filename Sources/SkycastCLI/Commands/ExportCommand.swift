import Export
import ExportJobs
import Foundation
import SkycastModel
import Store

/// `skycast export hourly|daily|observations|fetches|cities`: the history as tables for
/// spreadsheets and scripts, streamed row by row.
enum ExportCommand {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Write the history as CSV, JSON or a table, for spreadsheets and scripts.",
    discussion: """
      Columns are named like the database schema, with the city name first. Measured values are \
      rounded to their precision (see 'skycast vars'); times are ISO 8601 local times with the \
      offset in force at that instant, in RFC 3339 form (2026-03-20T06:00:00+01:00; --utc writes UTC, 2026-03-20T05:00:00Z); a missing value is an empty CSV \
      field or JSON null.

      --excel writes CSV for Excel and LibreOffice: a UTF-8 byte order mark, local times as \
      'YYYY-MM-DD HH:MM' with 'timezone' and 'utc_offset' (hours) columns, units in the header \
      ('temperature_2m (°C)'), and text starting with = + - @ TAB or CR prefixed with ' so it is \
      never run as a formula. It counts the rows first and warns above Excel's 1,048,575 data \
      rows; --split-by city|month then writes one file per part. --excel-locale de (or fr, es, \
      it, nl, pt, pl, ru, sv) writes ';' between fields and numbers with a decimal comma, which \
      spreadsheets in those locales read as numbers (16,8; a 16.8 there is text).

      Examples:
        skycast export hourly --city Berlin --from 2026-03-01 --to 2026-03-31 -o berlin.csv
        skycast export hourly --latest --excel -o latest.csv
        skycast export hourly --wide --var temperature_2m --city Berlin --city 北京
        skycast export daily --format json --latest
        skycast export fetches --excel -o fetch-log.csv
        skycast export hourly --excel --split-by month -o exports/
        skycast export hourly --format parquet --append -o lake/hourly
      """,
    subcommands: [hourly, daily, observations, fetches, cities])

  static let hourly = CommandSpec(
    name: "hourly", abstract: "Hourly forecasts, one row per fetch and valid time.",
    discussion: """
      Rows come in fetch order (fetch_id, then valid time). --latest keeps, for each city and \
      valid time, only the most recent issue with lead >= 0 (source 'forecast' and model \
      'best_match' unless --source/--model say otherwise), as the 'hourly_forecasts_latest' view. \
      lead_hours counts from the fetch, as stored; --lead-from run counts it from the model run \
      where the fetch recorded one (see 'export fetches': run_at).
      """,
    options: filterOptions(models: true, latest: true, wide: true)
      + [Options.leadFrom.spec]
      + fileOptions(split: true, figure: true)
      + SharedOptions.figure,
    rules: fileRules + figureRules + splitRules,
    run: { try run($0, table: .hourly) })

  static let daily = CommandSpec(
    name: "daily", abstract: "Daily forecasts, one row per fetch and local date.",
    discussion:
      "--latest keeps the most recent issue per city and date (lead_days >= 0), as the 'daily_forecasts_latest' view.",
    options: filterOptions(models: true, latest: true, wide: true) + fileOptions(split: true),
    rules: fileRules + splitRules,
    run: { try run($0, table: .daily) })

  static let observations = CommandSpec(
    name: "observations", abstract: "Hourly observations (or daily ones with --daily).",
    discussion:
      "One row per city, source and hour (or local date): ERA5 reanalysis from 'observe' and imported station data.",
    options: [Options.daily.spec]
      + filterOptions(models: false, latest: false, wide: true)
      + fileOptions(split: true, figure: true)
      + SharedOptions.figure,
    rules: fileRules + figureRules + splitRules,
    run: { try run($0, table: .hourlyObservations) })

  static let fetches = CommandSpec(
    name: "fetches", abstract: "The fetch log: when, what and how every stored row was fetched.",
    discussion: """
      The provenance for a methods chapter: request and issue times, status, HTTP status, error, \
      the URL (never with an API key), the grid cell the API answered with, the call weight, \
      body size and SHA-256. --from/--to select by the local date of requested_at.
      """,
    options: filterOptions(models: true, latest: false, wide: false) + fileOptions(split: true),
    rules: fileRules + splitRules,
    run: { try run($0, table: .fetches) })

  static let cities = CommandSpec(
    name: "cities", abstract: "The saved cities.",
    options: [SharedOptions.cities.spec] + fileOptions(split: false),
    rules: fileRules + splitRules + [
      .values(
        when: [ParquetOptions.partitionBy], "'export cities' is one small file"
      ) { invocation in
        ((try? invocation[ParquetOptions.partitionBy]) ?? nil)?.isEmpty == false
          ? "'export cities' is one small file; leave out --partition-by" : nil
      }.when(SharedOptions.format(), being: [FormatChoice.parquet.rawValue])
    ],
    run: { try run($0, table: .cities) })

  /// Which file options combine, checked before `run`: the spreadsheet options go together,
  /// the dataset options need `--format parquet` (which writes its own files, so it lifts the
  /// spreadsheet rules).
  static let fileRules: [OptionRule] =
    [
      OptionRule.requires(
        SharedOptions.excelLocale, oneOf: [Options.excel],
        "--excel-locale sets up the spreadsheet CSV of --excel; add --excel"
      ).except(SharedOptions.format(), being: [FormatChoice.parquet.rawValue]),
      OptionRule.conflict(
        utcOption, Options.excel,
        "--utc cannot be combined with --excel (spreadsheet times are local, with a utc_offset column)"
      ).except(SharedOptions.format(), being: [FormatChoice.parquet.rawValue]),
    ]
    + [
      .only(
        ParquetOptions.append, with: SharedOptions.format(),
        being: [FormatChoice.parquet.rawValue], appendMessage),
      // Only when it names a key: a blank one is none.
      .values(when: [ParquetOptions.partitionBy], appendMessage) { invocation in
        invocation.list(ParquetOptions.partitionBy.spec).isEmpty ? nil : appendMessage
      }.except(SharedOptions.format(), being: [FormatChoice.parquet.rawValue]),
    ]
    // A dataset is partitioned by folders, not split into files; nor a spreadsheet.
    + ([Options.excel, Options.wide, Options.splitBy] as [any OptionKey]).map {
      OptionRule(
        when: [$0],
        "--format parquet cannot be combined with --excel, --wide or --split-by (use --partition-by)"
      ).when(SharedOptions.format(), being: [FormatChoice.parquet.rawValue])
    }

  static let appendMessage = "--append and --partition-by apply to --format parquet"

  /// The figure (`--format svg` or `tikz`) of hourly series, and the spreadsheet's CSV.
  static let figureRules: [OptionRule] =
    [
      OptionRule(
        when: [Options.daily],
        "--format svg draws hourly series: use 'export hourly' or 'export observations'"
      ).when(SharedOptions.format(), being: FormatChoice.figures.map(\.rawValue))
    ]
    + ([Options.excel, Options.splitBy, Options.wide] as [any OptionKey]).map {
      OptionRule(
        when: [$0], "--format svg cannot be combined with --excel, --wide or --split-by"
      ).when(SharedOptions.format(), being: FormatChoice.figures.map(\.rawValue))
    }

  /// `--excel` writes CSV; `--split-by` names its files after `-o`.
  static let splitRules: [OptionRule] = [
    OptionRule(
      when: [Options.excel, SharedOptions.format()],
      "--excel writes CSV; leave out --format or use --format csv"
    ).except(SharedOptions.format(), being: [OutputFormat.csv.rawValue]),
    .requires(
      Options.splitBy, oneOf: [SharedOptions.outputPath],
      "--split-by needs -o DIR/ or -o PREFIX to name the files"),
    OptionRule(
      when: [Options.splitBy, SharedOptions.outputPath],
      "--split-by needs -o DIR/ or -o PREFIX to name the files"
    ).when(SharedOptions.outputPath, being: ["-"]),
  ]

  static func filterOptions(models: Bool, latest: Bool, wide: Bool) -> [OptionSpec] {
    var options = [
      SharedOptions.cities.spec, SharedOptions.from.spec, SharedOptions.to.spec,
      Options.source.spec,
    ]
    if models { options.append(Options.model.spec) }
    if latest { options.append(Options.latest.spec) }
    if wide { options += [Options.var.spec, Options.wide.spec] }
    return options
  }

  static func fileOptions(split: Bool, figure: Bool = false) -> [OptionSpec] {
    var options = SharedOptions.output(
      formats: FormatChoice.tables + (figure ? [.svg, .tikz] : []) + [.parquet])
    options.append(Options.excel.spec)
    options.append(SharedOptions.excelLocale.spec)
    options += parquetOptions
    options.append(utcOption.spec)
    if split { options.append(Options.splitBy.spec) }
    return options
  }

  // MARK: - Run

  /// A `--source` that names nothing stored is a usage error listing what is, as in `spark`,
  /// `summary` and `verify`, rather than an empty table.
  static func checkSource(
    _ source: String, table: ExportTable, store: Store, invocation: Invocation
  ) throws {
    let sourced: Store.SourcedTable
    switch table {
    case .hourlyObservations, .dailyObservations:
      do {
        _ = try store.resolveObservationSource(source, daily: table == .dailyObservations)
      } catch let error as ObservationSourceError {
        throw invocation.failure(error, choosingWith: "--source ")
      }
      return
    case .hourly: sourced = .hourlyForecasts
    case .daily: sourced = .dailyForecasts
    case .fetches: sourced = .fetches
    // 'export cities' declares no --source.
    case .cities: return
    }
    let stored = try store.storedSources(in: sourced)
    guard stored.contains(source) else {
      throw invocation.usage(
        "no rows from source '\(source)'; stored sources: \(stored.isEmpty ? "none" : stored.joined(separator: ", "))"
      )
    }
  }

  static func run(_ invocation: Invocation, table requested: ExportTable) throws -> Int32 {
    let table: ExportTable =
      requested == .hourlyObservations && invocation[Options.daily] ? .dailyObservations : requested
    let excel = invocation[Options.excel]
    if invocation.formatChoice == .parquet { return try runParquet(invocation, table: table) }
    // The declared rules (`fileRules`, `figureRules`, `splitRules`) leave a figure of hourly
    // series without the file options, CSV for --excel, and -o for --split-by.
    if invocation.formatChoice?.isFigure == true {
      // The figure of the latest forecasts (observations overlaid), as `spark --format svg`.
      return try SparkCommand.figure(
        invocation,
        series: table == .hourlyObservations
          ? .observed(source: invocation[Options.source].map(FetchSource.init)) : .forecast)
    }
    if table == .hourly || table == .hourlyObservations { try invocation.rejectFigureOptions() }
    let format: OutputFormat
    format = excel ? .csv : try invocation.outputFormat()
    let split = try invocation[Options.splitBy]
    var request = ExportRequest(table: table)
    request.dates = try invocation.dateRange(required: false)
    request.source = invocation[Options.source].map(FetchSource.init)
    request.model = invocation[Options.model]
    request.latest = invocation[Options.latest]
    request.excel = excel
    if table == .hourly {
      request.leadFrom = try invocation[Options.leadFrom]
    }
    let variables = try variables(invocation, table: table)
    let store = try invocation.openStore(access: .readOnly)
    let selected = try invocation[SharedOptions.cities].isEmpty ? [] : invocation.cities(in: store)
    request.cityIDs = selected.map(\.id)
    if let source = request.source {
      try checkSource(source.rawValue, table: table, store: store, invocation: invocation)
    }

    if invocation[Options.wide] {
      guard split == nil else {
        throw invocation.usage("--wide cannot be combined with --split-by")
      }
      return try runWide(
        invocation, request: request, variables: variables, cities: selected, store: store,
        format: format)
    }
    request.variables = variables.isEmpty ? nil : variables
    let export = try HistoryExport(store: store, request: request)
    if excel { try warnAboutExcelLimit(invocation, export: export, split: split) }
    if let split {
      return try writeParts(
        invocation, export: export, split: split, table: table, format: format, store: store)
    }
    let output = try invocation.dataOutput()
    let writer = rowWriter(invocation, format: format, output: output, excel: excel)
    let rows = try export.write(to: writer)
    if let path = invocation[SharedOptions.outputPath], path != "-" {
      invocation.afterCommit("exported \(rows) row\(rows == 1 ? "" : "s") to \(path)")
    }
    return ExitStatus.success
  }

  /// `--var` names, checked against the table's columns.
  static func variables(_ invocation: Invocation, table: ExportTable) throws -> [WeatherVariable] {
    try invocation[Options.var].map { name in
      let frequency: WeatherVariable.Frequency = table.isDaily ? .daily : .hourly
      guard let variable = WeatherVariable.named(name, frequency: frequency),
        table.variables.contains(variable)
      else {
        throw invocation.unknownVariable(
          name, in: table.variables, for: " for 'export \(table.rawValue)'")
      }
      return variable
    }
  }

  /// Counts the rows first and warns about any sheet over Excel's row limit.
  static func warnAboutExcelLimit(
    _ invocation: Invocation, export: HistoryExport, split: ExportSplit?
  ) throws {
    let parts = try split.flatMap { try export.counts(by: $0) }
    let total = parts == nil ? try export.count() : 0
    for message in ExcelRowLimit.warnings(total: total, parts: parts, split: split) {
      invocation.warn(message)
    }
  }

  static func runWide(
    _ invocation: Invocation, request: ExportRequest, variables: [WeatherVariable],
    cities selected: [City],
    store: Store, format: OutputFormat
  ) throws -> Int32 {
    let table = request.table
    guard table != .fetches, table != .cities else {
      throw invocation.usage("--wide applies to hourly, daily and observations")
    }
    guard variables.count <= 1 else { throw invocation.usage("--wide takes one --var") }
    let variable = variables.first ?? (table.isDaily ? .temperature2mMax : .temperature2m)
    guard variable.quantity != .instant else {
      throw invocation.usage("--wide cannot show \(variable.column) (a time); use the long layout")
    }
    let cities = selected.isEmpty ? try invocation.cities(in: store) : selected
    let source: String
    if let given = request.source {
      source = given.rawValue
    } else if table.isForecast {
      source = FetchSource.forecast.rawValue
    } else {
      do {
        source = try store.resolveObservationSource(
          nil, daily: table.isDaily, cityIDs: cities.map(\.id))
      } catch let error as ObservationSourceError {
        throw invocation.failure(error, choosingWith: "--source ")
      }
    }
    let export = WideExport(
      store: store, table: table, cities: cities, variable: variable, dates: request.dates,
      source: FetchSource(rawValue: source), model: request.model, excel: request.excel)
    if !table.isDaily, Set(cities.map(\.zone)).count > 1 {
      invocation.info("times are in UTC: the cities are in different time zones")
    }
    let writer = rowWriter(
      invocation, format: format, output: try invocation.dataOutput(), excel: request.excel)
    let rows = try export.write(to: writer)
    if let path = invocation[SharedOptions.outputPath], path != "-" {
      invocation.afterCommit(
        "exported \(rows) row\(rows == 1 ? "" : "s") of \(variable.column) (source \(source)) to \(path)"
      )
    }
    return ExitStatus.success
  }
}

extension ExportCommand {
  /// The options of `export`, each declared once with its type and default.
  enum Options {
    static let source = Option<String?>.text(
      "source", value: "source",
      help: "Only this source (forecast, previous-runs, era5, an import name).")
    static let model = Option<String?>.text(
      "model", value: "model", help: "Only this model (best_match, ecmwf_ifs025, …).")
    static let latest = Flag(
      "latest", help: "Only the most recent issue per city and valid time (lead >= 0).")
    static let `var` = Option<[String]>.list(
      "var", value: "variable",
      help: "Only these variable columns (repeatable); with --wide, the one variable.",
      default: "all; temperature_2m(_max) with --wide")
    static let wide = Flag(
      "wide", help: "One row per time, one column per city, for one --var (latest forecasts).")
    static let excel = Flag(
      "excel",
      help:
        "CSV for spreadsheets: BOM, local times with timezone and utc_offset, units in headers, formulas neutralised."
    )
    static let splitBy = Option<ExportSplit?>.choice(
      "split-by", value: "part",
      help: "Write one file per city or per local month (needs -o DIR/ or -o PREFIX).",
      of: ExportSplit.self)
    static let leadFrom = Option<LeadOrigin>.choice(
      "lead-from", value: "origin",
      help: "lead_hours from the fetch (as stored) or the model run where it is known.",
      default: .fetch)
    static let daily = Flag(
      "daily", help: "Export daily_observations instead of hourly_observations.")
  }
}
