import Collect
import Export
import SkycastModel
import Store
import Views

/// `skycast spark`: sparklines of stored series, one aligned line per city, or of numbers on
/// standard input (`spark -`).
enum SparkCommand {
  static let spec = CommandSpec(
    name: "spark",
    abstract: "Draw sparklines of a variable per city, or of numbers on standard input.",
    discussion: """
      Each line shows the city, variable and unit, the minimum, the ticks ▁▂▃▄▅▆▇█ and the \
      maximum and last value (tick = round(7·(x−min)/(max−min)); a gap is a space). Long \
      series are averaged to fit the width, with a note; --min/--max fix a common scale.

      The default series is the latest forecast (source forecast, model best_match, lead >= 0) \
      over the 168 hours up to now (daily variables: the last 7 local dates). --at (or \
      SKYCAST_NOW) moves "now" to a local time; --from/--to choose dates; with neither, an \
      empty last week falls back to the newest stored week, with a note. --series \
      observed[:SOURCE] draws observations. 'spark -' reads numbers from standard input.

      --ensemble draws the latest stored ensemble: the member median, and under it the \
      10–90 % width. --runs --city X --at TIME tells the story of one hour: each stored \
      issue's forecast for it (with none collected, each model run 'backfill --runs' \
      stored), then a line per issue with its 24 hours up to it, one scale. \
      --format svg -o FILE.svg draws a figure (--width and --height in pixels); --format \
      tikz -o FILE.tex the same figure for LaTeX (--width and --height in cm).

      Examples:
        skycast spark --city Berlin --city 北京 --min -10 --max 30
        skycast spark --var precipitation --from 2026-03-01 --to 2026-03-31
        skycast spark --city Berlin --at 2026-07-30T12:00
        skycast spark --runs --city Berlin --at 2026-07-30T12:00
        skycast spark --city Berlin --from 2026-03-01 --to 2026-03-31 --format svg -o berlin.svg
        printf '1 2 3 4 5 6 7 8' | skycast spark -
      """,
    arguments: [
      ArgumentSpec(
        "input", help: "'-' to read the numbers from standard input instead of the database.",
        optional: true)
    ],
    options: [
      SharedOptions.cities.spec, Options.var.spec, SharedOptions.from.spec,
      SharedOptions.to.spec, SharedOptions.at.spec, Options.min.spec, Options.max.spec,
      Options.width.spec,
      SharedOptions.ascii.help("ASCII ticks _.-:=+*# instead of ▁▂▃▄▅▆▇█.").spec,
      Options.ensemble.spec, Options.runs.spec, Options.model.spec, Options.series.spec,
      Options.leadFrom.spec, Options.format.spec,
      SharedOptions.outputPath.help("Write to a file instead of standard output.").spec,
      SharedOptions.standalone.help(
        "With --format tikz: a standalone document pdflatex compiles to a one-figure PDF."
      ).spec,
      SharedOptions.figureHeight.spec,
    ] + SharedOptions.figureTitle,
    rules: rules,
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    if try invocation[Options.format] != nil {
      return try invocation[Options.runs] ? runsFigure(invocation) : figure(invocation)
    }
    try invocation.rejectFigureOptions([
      SharedOptions.figureHeight, SharedOptions.title, SharedOptions.noTitle,
      SharedOptions.standalone,
    ])
    let scaleMin = try invocation[Options.min]
    let scaleMax = try invocation[Options.max]
    let columns = try invocation[Options.width]
    if let columns, columns != columns.rounded() {
      throw invocation.invalidValue(
        invocation.texts(Options.width.spec).last ?? "", for: "width",
        expected: "a whole number")
    }
    let width = invocation.context.width(override: columns.map { Int($0) })
    let ascii = invocation.prefersASCII
    let palette = invocation.palette
    var series: [SparkSeries]
    var commonScale: ClosedRange<Double>?
    if invocation[Options.runs] {
      (series, commonScale) = try runsSeries(invocation)
    } else if !invocation.arguments.isEmpty {
      let (values, decimals) = try SparkInput.parse(invocation.context.readStandardInput())
      series = [
        SparkSeries(name: "stdin", variable: "", unit: "", decimals: decimals, values: values)
      ]
    } else if invocation[Options.ensemble] {
      series = try ensembleSeries(invocation)
    } else {
      series = try storedSeries(invocation).lines.map(\.spark)
    }
    let rendered = Sparkline.render(
      series, scaleMin: scaleMin ?? commonScale?.lowerBound,
      scaleMax: scaleMax ?? commonScale?.upperBound, totalWidth: width, ascii: ascii,
      styleTicks: { palette.apply(.cyan, $0) })
    if let perTick = rendered.valuesPerTick {
      // Averaging flattens peaks: say so, so the labels are read as what is drawn.
      let count =
        perTick.lowerBound == perTick.upperBound
        ? "\(perTick.lowerBound)" : "\(perTick.lowerBound)–\(perTick.upperBound)"
      invocation.info(
        "each tick is the mean of \(count) values to fit \(width) columns; min, max and last label these means"
      )
    }
    for line in rendered.lines { try invocation.stdout.line(line) }
    return ExitStatus.success
  }

  /// `--format svg`: the stored series as a figure, observations overlaid on forecasts.
  static func figure(_ invocation: Invocation, series: SeriesSelection? = nil) throws -> Int32 {
    let stored = try storedSeries(invocation, selection: series)
    var observed: [CitySeries] = []
    var observedLabel: String?
    if stored.resolved.kind == .forecast, let store = stored.store,
      let variable = stored.lines.first?.variable,
      variable.roles.contains(stored.resolved.daily ? .dailyObservation : .hourlyObservation)
    {
      let daily = stored.resolved.daily
      // Every source holding the variable for these cities is a candidate; the one with most
      // values in the drawn window wins (ties: era5, then by name), as verify chooses --obs.
      // Before, two sources (Alpenau: station and synthetic) drew no observations in silence.
      let candidates = try store.observationSources(
        daily: daily, cityIDs: stored.lines.map(\.city.id), holding: variable
      ).sorted {
        ($0 == Store.defaultObservationSource ? 0 : 1, $0)
          < ($1 == Store.defaultObservationSource ? 0 : 1, $1)
      }
      var best: (source: String, series: [CitySeries], values: Int)?
      var counts: [String] = []
      for source in candidates {
        let reference = ResolvedSeries.observed(FetchSource(rawValue: source), daily: daily)
        var series: [CitySeries] = []
        var count = 0
        for line in stored.lines {
          let values: CitySeries
          if daily, let first = line.dates.first, let last = line.dates.last {
            values = try SeriesQuery.daily(
              store: store, city: line.city, variable: line.variable, series: reference,
              dates: first...last)
          } else if let first = line.instants.first, let last = line.instants.last {
            values = try SeriesQuery.hourly(
              store: store, city: line.city, variable: line.variable, series: reference,
              range: first..<(last + 3600))
          } else {
            continue
          }
          let present = values.values.filter { $0 != nil }.count
          count += present
          if present > 0 { series.append(values) }
        }
        counts.append("\(source) \(count)")
        if count > (best?.values ?? -1) { best = (source, series, count) }
      }
      if let best {
        observed = best.series
        // Named even when the window holds none, so the subtitle can say so.
        observedLabel =
          ResolvedSeries.observed(FetchSource(rawValue: best.source), daily: daily).label
        if candidates.count > 1, best.values > 0 {
          invocation.note(
            "observations from '\(best.source)', the source with most values in the window (\(counts.joined(separator: ", ")))"
          )
        }
      }
    }
    if stored.lines.allSatisfy({ $0.values.allSatisfy { $0 == nil } }), observed.isEmpty {
      throw invocation.emptyFigure(
        "nothing stored for \(stored.resolved.label) in \(stored.span) (choose dates with --from/--to)"
      )
    }
    let (width, height) = try invocation.figureSize()
    let svg = TimeSeriesFigure.drawing(
      lines: stored.lines, observed: observed, label: stored.resolved.label,
      observedLabel: observedLabel, period: stored.span, width: width, height: height,
      title: try invocation.figureTitle())
    let output = try invocation.dataOutput()
    try invocation.writeFigure(svg, to: output)
    try output.flush()
    return ExitStatus.success
  }

  /// The series of every selected city, with a note of what is shown on stderr.
  static func storedSeries(_ invocation: Invocation, selection given: SeriesSelection? = nil) throws
    -> (lines: [CitySeries], resolved: ResolvedSeries, span: String, store: Store?)
  {
    let selectionText =
      given?.description ?? invocation.givenWords(Options.series).last
      ?? SeriesSelection.forecast.description
    let selection = try given ?? invocation[Options.series] ?? .forecast
    let name = invocation[Options.var] ?? WeatherVariable.temperature2m.column
    let candidates = WeatherVariable.allCases.filter { $0.column == name }
    guard !candidates.isEmpty else {
      throw invocation.unknownVariable(name, in: WeatherVariable.allCases.filter(\.isNumeric))
    }
    guard
      let variable = candidates.first(where: {
        !$0.roles.intersection([selection.role(daily: false), selection.role(daily: true)]).isEmpty
      }), variable.isNumeric
    else {
      throw invocation.usage(
        "'\(name)' is not stored as \(selectionText == SeriesSelection.forecast.description ? "a forecast" : "an observation") variable (see 'skycast vars')"
      )
    }
    let daily = variable.frequency == .daily
    let dates = try invocation.dateRange(required: false)
    let store = try invocation.openStore(access: .readOnly)
    let cities = try invocation.cities(in: store)
    var resolved: ResolvedSeries
    do {
      resolved = try selection.resolve(in: store, daily: daily, cityIDs: cities.map(\.id))
      if let note = resolved.note { invocation.note(note) }
    } catch let error as ObservationSourceError {
      throw invocation.failure(error, choosingWith: "--series observed:")
    }
    let origin = try invocation[Options.leadFrom]
    if let model = resolved.model, !daily {
      if origin == nil {
        let coverage = try store.read {
          try store.runCoverage(
            sources: [resolved.source.rawValue], models: [model], cityIDs: cities.map(\.id))
        }
        resolved.leadFromRun = coverage.withRun > 0
      } else {
        resolved.leadFromRun = origin == .run
      }
    } else if origin != nil {
      throw invocation.usage(
        "--lead-from applies to hourly forecast series; \(variable.column) \(daily ? "is daily" : "is observed here")"
      )
    }
    if dates != nil, invocation.isGiven(SharedOptions.at) {
      throw invocation.usage("--at cannot be combined with --from/--to (they choose the dates)")
    }
    let reference = try invocation.referenceTime()
    func load(_ dates: ClosedRange<LocalDate>?) throws -> [CitySeries] {
      try cities.map { city in
        let now = reference.time.epoch(in: city.zone)
        if daily {
          let today = city.zone.localDate(now)
          return try SeriesQuery.daily(
            store: store, city: city, variable: variable, series: resolved,
            dates: dates ?? today.adding(days: -6)...today)
        }
        let range: Range<Int64>
        if let dates {
          range =
            city.zone.startOfDay(
              dates.lowerBound)..<city.zone.startOfDay(dates.upperBound.adding(days: 1))
        } else {
          let end = WallClock.floorToHour(now) + 3600
          range = (end - 168 * 3600)..<end
        }
        return try SeriesQuery.hourly(
          store: store, city: city, variable: variable, series: resolved, range: range)
      }
    }
    func isEmpty(_ lines: [CitySeries]) -> Bool {
      lines.allSatisfy { $0.values.allSatisfy { $0 == nil } }
    }
    var result = try load(dates)
    let upTo = reference.pinned ? reference.time.description : "now"
    var span =
      dates.map { "\($0.lowerBound) to \($0.upperBound)" }
      ?? (daily ? "the 7 days up to \(upTo)" : "the 168 hours up to \(upTo)")
    // Nothing in the last week of the clock (an archive collected earlier, the demo): the
    // newest stored week, said in a note, rather than an empty picture.
    if isEmpty(result), dates == nil, !reference.pinned,
      let newest = try store.newestLocalDate(of: resolved, cityIDs: cities.map(\.id))
    {
      let week = newest.adding(days: -6)...newest
      result = try load(week)
      invocation.note(
        "nothing stored in \(span); showing the newest stored week, \(week.lowerBound) to \(week.upperBound) (--at or --from/--to choose another)"
      )
      span = "\(week.lowerBound) to \(week.upperBound)"
    }
    invocation.info("\(variable.column): \(resolved.label), \(span)")
    if isEmpty(result) {
      invocation.warn(
        "nothing stored for \(variable.column) (\(resolved.label)) in \(span); collect first, or choose dates with --from/--to"
      )
    }
    return (result, resolved, span, store)
  }

  /// The options that choose a stored series, which `--ensemble` and `--runs` do not read.
  static let seriesOptions: [any OptionKey] = [
    Options.series, SharedOptions.from, SharedOptions.to, Options.leadFrom,
  ]

  /// `--ensemble`: per city, the median and the 10–90 % width of its latest ensemble.
  static func ensembleSeries(_ invocation: Invocation) throws -> [SparkSeries] {
    let name = invocation[Options.var] ?? WeatherVariable.temperature2m.column
    guard
      let variable = EnsembleRequestOptions.allowedVariables.first(where: { $0.column == name })
    else {
      throw invocation.unknownVariable(
        name, in: EnsembleRequestOptions.allowedVariables, for: " for --ensemble")
    }
    let store = try invocation.openStore(access: .readOnly)
    let cities = try invocation.cities(in: store)
    let reference = try invocation.referenceTime()
    var series: [SparkSeries] = []
    var fellBack: [String] = []
    for city in cities {
      var start = WallClock.floorToHour(reference.time.epoch(in: city.zone))
      // Pinned: the ensemble the user had at that time, not one fetched later.
      let issuedBy = reference.pinned ? reference.time.epoch(in: city.zone) : nil
      var steps = try store.latestEnsemble(
        cityID: city.id, variable: variable, range: start..<(start + 168 * 3600),
        issuedBy: issuedBy)
      if steps.isEmpty, !reference.pinned,
        let first = try store.latestEnsembleFirstHour(cityID: city.id, variable: variable)
      {
        start = first
        steps = try store.latestEnsemble(
          cityID: city.id, variable: variable, range: start..<(start + 168 * 3600))
        fellBack.append(
          "\(invocation.label(city)) from \(WallClock.iso8601(epoch: start, offset: city.zone.offset(at: start)).prefix(16))"
        )
      }
      let hours = (0..<168).map { start + Int64($0) * 3600 }
      let byTime = Dictionary(
        steps.map { ($0.validAt, $0) }, uniquingKeysWith: { first, _ in first })
      let median = hours.map { byTime[$0]?.quantile(0.5) }
      let width = hours.map { hour -> Double? in
        guard let step = byTime[hour], let high = step.quantile(0.9), let low = step.quantile(0.1)
        else { return nil }
        return high - low
      }
      // Trailing hours past the ensemble's end are not drawn as gaps.
      let count = (median.lastIndex { $0 != nil } ?? -1) + 1
      if count == 0 {
        invocation.warn(
          reference.pinned
            ? "\(invocation.label(city)): no ensemble issued by \(reference.time.description) covers the week from then"
            : "\(invocation.label(city)): no ensemble stored; collect --ensemble first")
      }
      series.append(
        SparkSeries(
          name: invocation.label(city), variable: variable.column + " median",
          unit: variable.unit, decimals: variable.decimals, values: Array(median.prefix(count))))
      series.append(
        SparkSeries(
          name: "", variable: "spread p90−p10", unit: variable.unit,
          decimals: variable.decimals, values: Array(width.prefix(count))))
    }
    if !fellBack.isEmpty {
      invocation.note(
        "no ensemble covers the 168 hours from now; showing each city's newest stored ensemble from its first hour (\(fellBack.joined(separator: "; ")))"
      )
    }
    invocation.info(
      "\(variable.column): latest ensemble, median and 10–90 % width over the 168 hours from \(reference.pinned ? reference.time.description : "now")"
    )
    return series
  }
}

extension SparkCommand {
  /// The options of `spark`, each declared once with its type and default.
  enum Options {
    static let `var` = Option<String?>.text(
      "var", value: "variable", help: "The variable (see 'skycast vars').",
      default: "temperature_2m")
    static let min = Option<Double?>.number(
      "min", value: "x", help: "Bottom of the scale (shared by all lines).")
    static let max = Option<Double?>.number(
      "max", value: "y", help: "Top of the scale (shared by all lines).")
    /// A number, not a whole one: with `--format tikz` it is the figure's width in cm.
    static let width = Option<Double?>.number(
      "width", value: "columns",
      help: "Line width in columns (with --format svg or tikz: the figure's width).",
      in: 1...100_000, shown: "$COLUMNS, the terminal, or 80")
    static let ensemble = Flag(
      "ensemble",
      help:
        "The latest stored ensemble: member median, then the 10-90 % range width (p90 − p10) on a line of its own."
    )
    static let runs = Flag(
      "runs",
      help:
        "How each stored issue forecast one hour (--city and --at): its forecast by issue, then a line per issue."
    )
    static let model = Option<String?>.text(
      "model", value: "model", help: "With --runs: the model whose issues to draw.",
      default: ModelName.bestMatch)
    static let series = SharedOptions.series(help: "forecast, or observed[:SOURCE].")
    static let leadFrom = Option<LeadOrigin?>.choice(
      "lead-from", value: "origin",
      help:
        "Hourly forecasts: 'lead >= 0' counts from the model run (where the fetch recorded it) or the fetch.",
      of: LeadOrigin.self, shown: "run where known")
    /// `--format`: a figure format; nil for sparklines.
    static let format = Option<FormatChoice?>.parsed(
      OptionSpec(
        "format", value: "format",
        help: "svg or tikz for a figure instead of sparklines (tikz: --width in cm)."),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let format = FormatChoice(rawValue: word), format.isFigure else {
        throw InvalidOptionValue(word, reason: "spark draws sparklines, svg or tikz")
      }
      return format
    }
  }
}
