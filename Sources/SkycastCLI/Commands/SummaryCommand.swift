import Analysis
import SkycastModel
import Store
import Summary

/// `skycast summary feels-like|uv|precip`: per-city summaries.
enum SummaryCommand {
  static let spec = CommandSpec(
    name: "summary", abstract: "Per-city feels-like, UV and precipitation summaries.",
    discussion: """
      Each summary reads one series: --series forecast (default) takes, for each city and \
      valid time, the most recently issued forecast with lead >= 0 (source forecast, model \
      best_match); --series observed[:SOURCE] takes stored observations (default era5 when \
      stored, else the only source). Days are the city's local days.
      """,
    subcommands: [feelsLike, uv, precip])

  /// The options of the summaries, each declared once with its type and default.
  enum Options {
    static let from = SharedOptions.from.help(
      "First local date, YYYY-MM-DD (inclusive; without --from/--to: the 30 days up to the newest with data)."
    )
    static let by = Option<SummaryGrouping>.choice(
      "by", value: "period",
      help:
        "One row per day, per calendar month, per calendar year, or one for the whole range (period).",
      default: .day)
    static let series = SharedOptions.series(help: "forecast, observed or observed:SOURCE.")
    static let method = Option<FeelsLikeMethod>.choice(
      "method", value: "method", help: "Feels-like definition: bom or nws.", default: .bom)
    static let wetThreshold = Option<Double>.number(
      "wet-threshold", value: "mm", help: "Wet-day threshold in mm (ETCCDI: 1.0; 0.1 is common).",
      in: 0.01...1000, default: PrecipitationIndices.etccdiWetThreshold,
      shown: String(PrecipitationIndices.etccdiWetThreshold))
  }

  /// Options every summary takes.
  static let common: [OptionSpec] = [
    SharedOptions.cities.spec, Options.from.spec, SharedOptions.to.spec, Options.by.spec,
    Options.series.spec,
  ]

  static let feelsLike = CommandSpec(
    name: "feels-like",
    abstract: "Air and feels-like temperature per city and day, month or period.",
    discussion: """
      Columns: t_mean, t_min, t_max (hours with a temperature), feels_like_mean, \
      feels_like_min, feels_like_max and hours (hours with temperature, humidity and wind), and \
      method. --method bom (default) is the Australian BoM apparent temperature (Steadman, \
      non-radiative); --method nws is the NWS wind chill where defined, else heat index, else \
      the air temperature (as MetPy). Computed with the SQL functions feels_like_bom and \
      feels_like_nws; the method is a column in csv/json and a comment line in tables.

      Example:
        skycast summary feels-like --city Berlin --from 2026-01-01 --to 2026-01-31 --method nws
      """,
    options: common + [Options.method.spec] + SharedOptions.output,
    rules: [spanRule],
    run: { try run($0, kind: .feelsLike) })

  static let uv = CommandSpec(
    name: "uv", abstract: "Daily UV maximum, WHO category, hours at 3/6/8+ and dose (SED).",
    discussion: """
      Per local day: uv_max, max_hour (local hour of the first hour at the max), category \
      (WHO, on the index rounded half up), hours_ge_3, hours_ge_6, hours_ge_8, sed (0.9 x sum \
      of hourly UV; empty when an hour of the day is missing; a DST day has 23 or 25 hours) and \
      hours (hours with a value). --by month or period: the largest daily max and its date, \
      sums of hour counts and doses, days and days_missing (days without a complete dose).

      Example:
        skycast summary uv --from 2026-06-01 --to 2026-08-31 --by month
      """,
    options: common + SharedOptions.output,
    rules: [spanRule],
    run: { try run($0, kind: .uv) })

  static let precip = CommandSpec(
    name: "precip", abstract: "Precipitation totals and ETCCDI indices per city.",
    discussion: """
      Local-day totals: observed series use daily precipitation_sum when stored, else the sum \
      of the hourly values; forecasts sum hourly values. Sums are taken at 0.01 mm, and a day \
      with a missing hour is missing. --by day: total_mm and wet (1 when >= the wet-day \
      threshold). --by month, year or period: total_mm, wet_days, r10mm, r20mm, prcptot, sdii, \
      cdd, cwd, rx1day, rx5day, wet_hours (hours >= 0.1 mm), max_probability (forecasts), days, \
      days_missing, wet_threshold and etccdi; indices are empty when more than 3 days of a \
      month are missing, and for years and periods of a year or more also when more than 15 \
      days of a year are (climdex). Monthly and yearly rx5day is the largest 5-day total \
      ending on a day of the month or year, the 4 days before it included when stored \
      (ETCCDI); --by period keeps 5-day windows inside the range. --wet-threshold changes wet, wet_days, prcptot, sdii, cdd and cwd \
      only, and such output says it is not ETCCDI. --format svg draws total_mm as bars per day \
      or month (one colour per city).

      Example:
        skycast summary precip --series observed --from 2025-01-01 --to 2025-12-31 --by month
        skycast summary precip --by day --from 2026-03-01 --to 2026-03-31 --format svg -o rain.svg
      """,
    options: common + [Options.wetThreshold.spec]
      + SharedOptions.output(formats: FormatChoice.tables + [.svg, .tikz]) + SharedOptions.figure,
    rules: [
      spanRule,
      OptionRule(
        when: [Options.by], "--format svg draws 'summary precip --by day' or '--by month' as bars"
      ).when(SharedOptions.format(), being: FormatChoice.figures.map(\.rawValue))
        .when(Options.by, being: [SummaryGrouping.year.rawValue, SummaryGrouping.period.rawValue]),
    ],
    run: { try run($0, kind: .precip) })

  enum Kind { case feelsLike, uv, precip }

  /// Days in the window a summary covers without `--from/--to`.
  static let defaultWindowDays = 30

  /// Without `--from/--to`: the 30 local days up to the newest date with data in `series` for
  /// `cities`, said in a note; an error when the series holds nothing for them.
  static func defaultWindow(
    store: Store, series: ResolvedSeries, cities: [City], invocation: Invocation
  ) throws -> ClosedRange<LocalDate> {
    guard let newest = try store.newestLocalDate(of: series, cityIDs: cities.map(\.id)) else {
      throw CLIError.failure(
        "no \(series.label) data stored for the selected cities; collect or import some first, or choose another --series"
      )
    }
    let window = newest.adding(days: 1 - defaultWindowDays)...newest
    invocation.note(
      "no --from/--to: the \(defaultWindowDays) days \(window.lowerBound)…\(window.upperBound), up to the newest date with \(series.label) data"
    )
    return window
  }

  /// A summary reads at most a hundred years of days.
  static let spanRule = OptionRule.values(
    when: [SharedOptions.from, SharedOptions.to], "at most 100 years"
  ) { invocation in
    guard let given = (try? invocation.dateRange(required: false)) ?? nil,
      given.lowerBound.days(to: given.upperBound) >= 366 * 100
    else { return nil }
    return "--from \(given.lowerBound) to --to \(given.upperBound) spans more than 100 years"
  }

  static func run(_ invocation: Invocation, kind: Kind) throws -> Int32 {
    let given = try invocation.dateRange(required: false)
    let grouping = try invocation[Options.by]
    let selection = try series(invocation)
    // Only `summary precip` declares --wet-threshold; the other summaries never read it.
    let wetThreshold =
      kind == .precip
      ? try invocation[Options.wetThreshold] : PrecipitationIndices.etccdiWetThreshold
    let svg = invocation.formatChoice?.isFigure == true
    // Only `summary precip` draws (by day or month, as its declared rule says).
    if !svg, kind == .precip { try invocation.rejectFigureOptions() }
    let format = svg ? .csv : try invocation.outputFormat()
    let store = try invocation.openStore(access: .readOnly)
    var series = ResolvedSeries.latestForecast
    let (table, dates) = try store.read {
      let cities = try invocation.cities(in: store)
      do {
        series = try selection.resolve(in: store, daily: nil, cityIDs: cities.map(\.id))
      } catch let error as ObservationSourceError {
        throw invocation.failure(error, choosingWith: "--series observed:")
      }
      if let note = series.note { invocation.note(note) }
      let dates =
        try given
        ?? defaultWindow(store: store, series: series, cities: cities, invocation: invocation)
      switch kind {
      case .feelsLike:
        return (
          try FeelsLikeSummaryTable.table(
            store: store, cities: cities, series: series, dates: dates, grouping: grouping,
            method: try invocation[Options.method]), dates
        )
      case .uv:
        return (
          try UVSummaryTable.table(
            store: store, cities: cities, series: series, dates: dates, grouping: grouping),
          dates
        )
      case .precip:
        return (
          try PrecipitationSummaryTable.table(
            store: store, cities: cities, series: series, dates: dates, grouping: grouping,
            wetThreshold: wetThreshold), dates
        )
      }
    }
    for variable in table.variablesWithoutData {
      invocation.warn(
        "no \(variable) values in the \(series.kind == .forecast ? "forecast" : "observed") "
          + "series (source \(series.source)) from \(dates.lowerBound) to \(dates.upperBound); "
          + "the figures are empty")
    }
    if kind == .precip, !format.showsComments,
      let note = PrecipitationSummaryTable.thresholdNote(wetThreshold)
    {
      invocation.info("note: " + note)
    }
    if svg {
      let (width, height) = try invocation.figureSize()
      let figure = PrecipitationFigure.drawing(
        table, grouping: grouping, series: series.label,
        period: "\(dates.lowerBound) to \(dates.upperBound)", width: width, height: height,
        title: try invocation.figureTitle())
      if !table.variablesWithoutData.isEmpty {
        throw invocation.emptyFigure(
          "no precipitation values in the series from \(dates.lowerBound) to \(dates.upperBound)")
      }
      if !PrecipitationFigure.hasTotals(table) {
        // Values but no complete period: each slot says why its bar is withheld.
        invocation.warn(
          "the figure has no bar: no complete \(grouping == .day ? "day" : "month") with a precipitation total"
        )
      }
      let output = try invocation.dataOutput()
      try invocation.writeFigure(figure, to: output)
      try output.flush()
      return ExitStatus.success
    }
    let compact: [String]? =
      switch kind {
      case .precip: PrecipitationSummaryTable.terminalColumns(grouping)
      case .uv: UVSummaryTable.terminalColumns(grouping)
      case .feelsLike: nil
      }
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), fitsTerminal: true,
      tableColumns: compact)
    for comment in table.comments { try writer.comment(comment) }
    try writer.begin(columns: table.columns)
    for row in table.rows { try writer.write(row) }
    try writer.finish()
    return ExitStatus.success
  }

  /// `--series`.
  static func series(_ invocation: Invocation) throws -> SeriesSelection {
    try invocation[Options.series] ?? .forecast
  }
}
