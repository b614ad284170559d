import Export
import SkycastModel
import Store
import Views

/// `spark --runs --city X --at T`: the story of one valid time, how each stored issue forecast
/// it.
extension SparkCommand {
  /// Hours drawn per issue: the day up to and including the valid time, so each line's last
  /// value is that issue's forecast for it.
  static let runsWindowHours: Int64 = 24

  /// One stored issue's forecasts around the valid time.
  struct Issue {
    var issuedAt: Int64
    var values: [Int64: Double] = [:]
  }

  /// The issues of `variable` for `city` that forecast `validAt`, oldest first, each with its
  /// values for the window's hours, and the observation there.
  ///
  /// Collected forecasts (source forecast, `model`) come first. When none forecast that hour,
  /// the model runs `backfill --runs` stored (source single-runs) are drawn instead, with a note;
  /// a single run is stored under its model's own name, so without `--model` the one model with
  /// runs of that hour is taken, and several are refused with their names. The two sources are
  /// never drawn together: a collected issue and a run of the same hour are different forecasts.
  static func runs(
    _ invocation: Invocation, store: Store, city: City, variable: WeatherVariable, model: String,
    validAt: Int64
  ) throws -> (issues: [Issue], observed: [Int64: Double], model: String, label: String) {
    var issues =
      try issuesOf(
        store: store, city: city, variable: variable, models: [model], source: .forecast,
        validAt: validAt
      ).first?.value ?? []
    var label = "issues of \(model)"
    var drawn = model
    if issues.isEmpty {
      let chosen = invocation.isGiven(Options.model) ? [model] : []
      let runs = try issuesOf(
        store: store, city: city, variable: variable, models: chosen, source: .singleRuns,
        validAt: validAt)
      if runs.count > 1 {
        throw invocation.usage(
          "no collected \(model) forecast of that hour, and single runs of \(runs.count) models: "
            + "choose one with --model (\(runs.keys.sorted().joined(separator: ", ")))")
      }
      if let (runModel, found) = runs.first {
        issues = found
        label = "single runs of \(runModel)"
        drawn = runModel
        invocation.note(
          "no collected \(model) forecast of that hour; drawing the \(runModel) model runs "
            + "stored by 'backfill --runs' (source single-runs)")
      }
    }
    var observed: [Int64: Double] = [:]
    let first = validAt - (runsWindowHours - 1) * 3600
    // The default observation source (era5, the only one, or the one with clearly most data).
    if let source = try? SeriesSelection.observed(source: nil).resolve(
      in: store, daily: false, cityIDs: [city.id])
    {
      let series = try SeriesQuery.hourly(
        store: store, city: city, variable: variable, series: source,
        range: first..<(validAt + 3600))
      for (instant, value) in zip(series.instants, series.values) {
        if let value { observed[instant] = value }
      }
    }
    return (issues, observed, drawn, label)
  }

  /// Per model (of `models`, or every model when empty), the issues of `source` that forecast
  /// `validAt`, oldest first, with their values over the window.
  static func issuesOf(
    store: Store, city: City, variable: WeatherVariable, models: [String], source: FetchSource,
    validAt: Int64
  ) throws -> [String: [Issue]] {
    let first = validAt - (runsWindowHours - 1) * 3600
    let dates = city.zone.localDate(first)...city.zone.localDate(validAt)
    var byIssue: [String: [Int64: Issue]] = [:]
    try store.read {
      try store.forEachArchiveForecast(
        ArchiveSelection(
          variable: variable, cityIDs: [city.id], models: models, sources: [source],
          period: dates)
      ) { forecast in
        guard forecast.validAt >= first, forecast.validAt <= validAt, forecast.value.isFinite
        else { return }
        byIssue[forecast.model, default: [:]][
          forecast.issuedAt, default: Issue(issuedAt: forecast.issuedAt)
        ]
        .values[forecast.validAt] = forecast.value
      }
    }
    // Only issues that forecast the valid time itself tell its story.
    var result: [String: [Issue]] = [:]
    for (model, issues) in byIssue {
      let telling = issues.values.filter { $0.values[validAt] != nil }.sorted {
        $0.issuedAt < $1.issuedAt
      }
      if !telling.isEmpty { result[model] = telling }
    }
    return result
  }

  /// Checks the options of `--runs` and resolves the city, variable, model and valid time.
  static func runsRequest(_ invocation: Invocation) throws -> (
    store: Store, city: City, variable: WeatherVariable, model: String, validAt: Int64
  ) {
    // The declared rules leave --at, a local time, and none of the series options.
    guard let time = try? invocation[SharedOptions.at] else {
      throw invocation.ruleNotChecked("--runs without a valid --at")
    }
    let store = try invocation.openStore(access: .readOnly)
    let cities = try invocation.cities(in: store)
    guard cities.count == 1, invocation[SharedOptions.cities].count == 1 else {
      throw invocation.usage("--runs draws one city: name it with --city")
    }
    let name = invocation[Options.var] ?? WeatherVariable.temperature2m.column
    guard
      let variable = WeatherVariable.allCases.first(where: {
        $0.column == name && $0.frequency == .hourly && $0.roles.contains(.hourlyForecast)
          && $0.isNumeric
      })
    else {
      throw invocation.unknownVariable(
        name,
        in: WeatherVariable.allCases.filter {
          $0.frequency == .hourly && $0.roles.contains(.hourlyForecast) && $0.isNumeric
        }, for: " for --runs")
    }
    let validAt = WallClock.floorToHour(time.epoch(in: cities[0].zone))
    return (store, cities[0], variable, invocation[Options.model] ?? ModelName.bestMatch, validAt)
  }

  /// How an issue is labelled: `07-19 06Z +30 h`.
  static func issueLabel(_ issuedAt: Int64, validAt: Int64) -> String {
    let utc = WallClock.utcMinute(epoch: issuedAt)
    return String(utc.dropFirst(5).prefix(5)) + " " + String(utc.dropFirst(11).prefix(2)) + "Z +"
      + String((validAt - issuedAt) / 3600) + " h"
  }

  /// The sparklines of `--runs`: a first line with each issue's forecast for the valid time
  /// (oldest issue first), then one line per issue with its last 24 hours up to the valid time,
  /// all on one scale, then the observation.
  static func runsSeries(_ invocation: Invocation) throws -> (
    series: [SparkSeries], scale: ClosedRange<Double>?
  ) {
    let request = try runsRequest(invocation)
    let (issues, observed, _, label) = try runs(
      invocation, store: request.store, city: request.city, variable: request.variable,
      model: request.model, validAt: request.validAt)
    let local = WallClock.iso8601(
      epoch: request.validAt, offset: request.city.zone.offset(at: request.validAt))
    let when = String(local.prefix(16)).replacingOccurrences(of: "T", with: " ")
    guard !issues.isEmpty else {
      throw CLIError.failure(
        "no stored \(request.model) forecast or single run of \(request.variable.column) for \(invocation.label(request.city)) at \(when) (local); collect (or backfill --runs) first, or choose another --at"
      )
    }
    let hours = (0..<runsWindowHours).map { request.validAt - (runsWindowHours - 1 - $0) * 3600 }
    let unit = request.variable.unit
    let decimals = request.variable.decimals
    var series = [
      SparkSeries(
        name: "by issue", variable: "", unit: unit, decimals: decimals,
        values: issues.map { $0.values[request.validAt] })
    ]
    for issue in issues {
      series.append(
        SparkSeries(
          name: issueLabel(issue.issuedAt, validAt: request.validAt), variable: "", unit: unit,
          decimals: decimals, values: hours.map { issue.values[$0] }))
    }
    if !observed.isEmpty {
      series.append(
        SparkSeries(
          name: "observed", variable: "", unit: unit, decimals: decimals,
          values: hours.map { observed[$0] }))
    }
    let all = series.flatMap { $0.values.compactMap { $0 } }
    invocation.info(
      "\(request.variable.column) at \(when) (local) in \(invocation.label(request.city)): \(issues.count) \(label), oldest first; the first line is each issue's forecast for that hour, each issue line its 24 hours up to it (last = that forecast), one scale"
    )
    return (series, all.min().flatMap { low in all.max().map { low...$0 } })
  }

  /// `--runs --format svg`: each issue's forecast for the valid time against the issue time,
  /// with the observation as a flat line.
  static func runsFigure(_ invocation: Invocation) throws -> Int32 {
    let request = try runsRequest(invocation)
    let (issues, observed, model, label) = try runs(
      invocation, store: request.store, city: request.city, variable: request.variable,
      model: request.model, validAt: request.validAt)
    let local = WallClock.iso8601(
      epoch: request.validAt, offset: request.city.zone.offset(at: request.validAt))
    let when = String(local.prefix(16)).replacingOccurrences(of: "T", with: " ")
    var lines = [
      ChartSeries(
        name: "Forecast (\(model))",
        points: issues.map { ChartPoint(epoch: $0.issuedAt, y: $0.values[request.validAt]) })
    ]
    if let value = observed[request.validAt], let first = issues.first, let last = issues.last {
      lines.append(
        ChartSeries(
          name: "Observed",
          points: [
            ChartPoint(epoch: first.issuedAt, y: value), ChartPoint(epoch: last.issuedAt, y: value),
          ]))
    }
    if issues.isEmpty { throw invocation.emptyFigure("no stored forecast of that hour") }
    let (width, height) = try invocation.figureSize()
    let title = try invocation.figureTitle().resolve(
      "How each issue forecast \(request.variable.displayNameInSentence) at \(when) in \(invocation.label(request.city))"
    )
    var chart = LineChart(
      title: title.title,
      subtitle:
        "\(issues.count) \(label); local time (\(request.city.zone.identifier))",
      xAxis: .time(label: "Issue time (\(request.city.zone.identifier))", zone: request.city.zone),
      yAxis: ChartAxis(
        label: request.variable.displayName, unit: request.variable.unit,
        decimals: request.variable.decimals),
      series: lines, width: width, height: height, markers: .always)
    chart.showsTitle = title.shows
    let output = try invocation.dataOutput()
    try invocation.writeFigure(chart.drawing(), to: output)
    try output.flush()
    return ExitStatus.success
  }
}
