import Collect
import Import
import SkycastModel
import Stations

/// `skycast observe`: fetch archive (ERA5) observations for saved cities.
enum ObserveCommand {
  static let spec = CommandSpec(
    name: "observe",
    abstract: "Fetch archive (ERA5 reanalysis) hourly and daily observations for saved cities.",
    discussion: """
      Stores hourly_observations and daily_observations with source 'era5' (or 'archive' with \
      --model best_match), one row per city, source and hour or date. Running it again is safe: \
      hours the archive had not processed yet are added, NULLs are filled in, a NULL never \
      replaces a value, and nothing is duplicated. The archive lags 2-5 days behind today; \
      recent hours come back empty until then, so re-run observe later to fill them in.

      Long ranges are split into requests of at most a year, sent one at a time with a pause \
      after each in proportion to its call weight (Open-Meteo's free tier allows 600 calls/min, \
      5,000/h, 10,000/day; a year of hourly and daily data weighs about 70 calls: see \
      --dry-run). Each request is stored atomically with its fetch-log row; a failure leaves a \
      'failed' fetch row and nothing else. Exit status 1 when any request failed.

      With --source historical-forecast, observe asks Open-Meteo's Historical Forecast API \
      instead: the first hours of each run of --model stitched into one series. It is a model \
      analysis, not a measurement: it is stored as its own observation source, \
      'analysis:MODEL', never mixed with ERA5, and verify uses it only when --obs names it.

      With --station PROVIDER:ID (ghcnh, meteostat or dwd; 'linked' for each city's default \
      station), observe fetches that station's own file from its provider (GHCNh's period of \
      record, Meteostat's bulk hourly file with its source map, DWD's recent hourly air \
      temperature) and stores it exactly as 'import observations --format' does, under \
      station:PROVIDER:ID, with the same deadline, retries and reply cap as every request; \
      --from/--to do not apply (the file is stored whole).

      Examples:
        skycast observe --city Berlin --from 2025-01-01 --to 2025-12-31
        skycast observe --source historical-forecast --model ecmwf_ifs025 --from 2026-03-01 --to 2026-03-31
      """,
    options: [
      SharedOptions.cities.spec, SharedOptions.from.spec, SharedOptions.to.spec,
      Options.source.spec, Options.model.spec, Options.dryRun.spec, Options.station.spec,
      Options.keepSuspect.spec,
    ] + StationDownload.providers.map { StationObserve.urlOption($0).spec }
      + SharedOptions.network([.archive, .historicalForecast]),
    rules: stationRules + [modelRule],
    run: { try await run($0) })

  /// The model `--source` reads: era5 or best_match from the archive, any model named for
  /// historical-forecast.
  static let modelRule = OptionRule.values(
    when: [], unless: [Options.station], "--model names a model of --source"
  ) { invocation in
    switch try? invocation[Options.source] {
    case .archive?:
      let model = invocation[Options.model] ?? Model.era5.rawValue
      guard Model(rawValue: model) == nil else { return nil }
      return
        "The value '\(model)' is invalid for '--model': the archive has era5 and best_match (with --source historical-forecast, any model)"
    case .historicalForecast?:
      guard let model = invocation[Options.model], Importer.isValidName(model, allowDots: true)
      else {
        return
          "--source historical-forecast needs --model <model> (e.g. ecmwf_ifs025, icon_global)"
      }
      return nil
    case nil: return nil
    }
  }

  /// The options of a station's file need `--station`, and a station's file is stored whole
  /// from its own server, without the archive's options.
  static let stationRules: [OptionRule] =
    StationObserve.fetchOptions.map { option in
      let name = option.spec.name
      let whole = [SharedOptions.from.spec.name, SharedOptions.to.spec.name].contains(name)
      return .conflict(
        Options.station, option,
        "--\(name) does not apply to --station" + (whole ? " (the file is stored whole)" : ""))
    }
    + ([Options.dryRun, Options.source] as [any OptionKey]).map {
      .conflict(
        Options.station, $0, "--station fetches a station's file; leave out --source and --dry-run")
    }
    + [
      .requires(Options.keepSuspect, oneOf: [Options.station], "--keep-suspect goes with --station")
    ]
    + StationDownload.providers.map {
      .requires(
        StationObserve.urlOption($0), oneOf: [Options.station],
        "--\(StationDownload.flag($0)) goes with --station")
    }

  enum Model: String, CaseIterable {
    case era5
    case bestMatch = "best_match"
  }

  static func run(_ invocation: Invocation) async throws -> Int32 {
    if let station = invocation[Options.station] {
      return try await StationObserve.run(invocation, station: station)
    }
    guard let dates = try invocation.dateRange(required: true) else { return ExitStatus.usage }
    var options = ArchiveRequestOptions()
    options.api = try invocation[Options.source]
    switch options.api {
    case .archive:
      // The declared rule (`modelRule`) leaves one of the archive's models.
      options.model = invocation[Options.model] ?? Model.era5.rawValue
    case .historicalForecast:
      options.model = invocation[Options.model] ?? ""
    }
    let store = try invocation.openStore()
    let cities = try invocation.cities(in: store)
    let client = try invocation.makeClient()
    let now = invocation.context.nowEpoch
    // Said once, instead of a latency warning, a skipped line per city and a summary.
    if cities.allSatisfy({ ArchiveProduct.availableDates(dates, city: $0, now: now) == nil }) {
      let today = cities.map { $0.zone.localDate(now) }.max() ?? dates.lowerBound
      invocation.note(
        "nothing to observe: \(dates.lowerBound) to \(dates.upperBound) is after today (\(today)), and the archive has only past days"
      )
      return ExitStatus.success
    }
    if invocation[Options.dryRun] {
      return try HistoryCommandSupport.dryRun(
        invocation, cities: cities, chunkDays: options.chunkDays,
        available: { ArchiveProduct.availableDates(dates, city: $0, now: now) },
        request: {
          options.request(
            for: $0, dates: $1,
            base: options.api == .historicalForecast
              ? client.endpoints.historicalForecast : client.endpoints.archive)
        })
    }
    if options.api == .archive,
      let cutoff = ArchiveProduct.latencyCutoff(cities: cities, dates: dates, now: now)
    {
      invocation.warn(
        "the range reaches into the last \(ArchiveRequestOptions.latencyDays) days (from \(cutoff)); the archive lags 2-5 days, so those hours come back empty: run observe again later to fill them in"
      )
    }
    let reporter = FetchReporter(invocation: invocation, kind: .archive)
    let outcomes = try await FetchPipeline(
      store: store, client: client, product: ArchiveProduct(options: options),
      now: { invocation.context.nowEpoch }, onEvent: reporter.onEvent
    ).observe(cities: cities, dates: dates)
    return reporter.summary(outcomes) { counts in
      var text = "\(counts.hourly) hourly and \(counts.daily) daily rows"
      text += " (\(counts.inserted) new, \(counts.updated ?? 0) filled in or changed)"
      return text
    }
  }
}

extension ObserveCommand {
  /// The options of `observe`, shared with `StationObserve`.
  typealias Options = ObserveOptions
}
