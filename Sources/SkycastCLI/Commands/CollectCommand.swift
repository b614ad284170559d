import Collect
import Foundation
import OpenMeteo
import SkycastModel
import Store

/// `skycast collect`: fetch current, hourly and daily forecasts and append them to the history.
enum CollectCommand {
  static let spec = CommandSpec(
    name: "collect",
    abstract: "Fetch forecasts for saved cities and append them to the history.",
    discussion: """
      Each city's fetch is stored atomically with its fetch-log row; a failure leaves a 'failed' \
      fetch row and nothing else. Cities fetched successfully within --min-interval are skipped \
      unless --force. Several cities share one request; one request is in flight at a time, and \
      retries back off politely (Open-Meteo's free tier allows 600 calls/min, 5,000/h, \
      10,000/day; a request with more than 10 variables or 14 days counts as several calls: see \
      --dry-run). Exit status 1 when any city failed.

      Example (cron, every 6 hours):
        0 */6 * * *  skycast collect -q
      """,
    options: [
      SharedOptions.cities.spec, Options.days.spec, Options.models.spec, Options.vars.spec,
      Options.minInterval.spec, Options.force.spec, Options.elevation.spec, Options.dryRun.spec,
    ] + ensembleOptions + SharedOptions.network([.forecast]),
    rules: [
      .conflict(
        Options.elevation, Options.ensemble, "--elevation applies to forecasts, not --ensemble"),
      .conflict(
        Options.models, Options.ensemble,
        "'--models' and '--ensemble' cannot be combined: run collect once for each"),
    ],
    run: { try await run($0) })

  static func run(_ invocation: Invocation) async throws -> Int32 {
    if invocation.isGiven(Options.ensemble) {
      return try await runEnsemble(invocation)
    }
    var options = try requestOptions(invocation)
    let minInterval = try invocation[Options.minInterval]
    let store = try invocation.openStore()
    let cities = try invocation.cities(in: store)
    if try invocation[Options.elevation] == .station {
      options.elevations = try stationElevations(cities, store: store, invocation: invocation)
    }
    let client = try invocation.makeClient()
    if invocation[Options.dryRun] {
      return try dryRun(
        invocation, cities: cities, product: ForecastProduct(options: options),
        batchSize: ForecastProduct.defaultBatchSize, client: client)
    }
    return try await collect(
      ForecastProduct(options: options), kind: .forecast,
      batchSize: ForecastProduct.defaultBatchSize, invocation: invocation, store: store,
      client: client, cities: cities, minInterval: minInterval)
  }

  /// Fetches `product` for `cities` through the pipeline and reports the run; what `collect`
  /// and `collect --ensemble` share after their options are read.
  static func collect<Product: FetchProduct>(
    _ product: Product, kind: FetchReporter.Kind, batchSize: Int, invocation: Invocation,
    store: Store, client: HTTPClient, cities: [City], minInterval: Int
  ) async throws -> Int32 where Product.Unit == CityBatch, Product.Counts == ForecastCounts {
    try ClockSkewWarning.warn(
      invocation, store: store, cities: cities, now: invocation.context.nowEpoch)
    let reporter = FetchReporter(invocation: invocation, kind: kind)
    let outcomes = try await FetchPipeline(
      store: store, client: client, product: product, now: { invocation.context.nowEpoch },
      onEvent: reporter.onEvent
    ).collect(
      cities: cities, batchSize: batchSize, minInterval: minInterval,
      force: invocation[Options.force])
    return reporter.summary(outcomes)
  }

  /// Where `--elevation` takes the height the forecast is downscaled to.
  enum ElevationSource: String, CaseIterable {
    case station
  }

  /// Each city's default station's elevation; a city without one is an error naming it, since
  /// mixing downscaled and plain forecasts in one run would be silent.
  static func stationElevations(_ cities: [City], store: Store, invocation: Invocation) throws
    -> [Int64: Double]
  {
    let links = try store.stationLinks().filter(\.isDefault)
    var elevations: [Int64: Double] = [:]
    for city in cities {
      guard let elevation = links.first(where: { $0.cityID == city.id })?.station.elevation else {
        throw invocation.usage(
          "--elevation station: \(invocation.label(city)) has no default station with an elevation (skycast station link)"
        )
      }
      // A station cached before elevations were checked (1e19 m) must not become a request.
      guard Station.elevations.contains(elevation) else {
        throw CLIError.failure(
          "--elevation station: the default station of \(invocation.label(city)) has an impossible elevation (\(NumberText.shortest(elevation)) m, outside -500…9000); load the station list again and link again"
        )
      }
      elevations[city.id] = elevation
    }
    return elevations
  }

  static func requestOptions(_ invocation: Invocation) throws -> ForecastRequestOptions {
    var options = ForecastRequestOptions()
    options.days = try invocation[Options.forecastDays] ?? 16
    let models = try invocation[Options.models].map(\.text)
    options.models = models == [ModelName.bestMatch] ? [] : models
    let variables = invocation[Options.vars]
    if !variables.isEmpty {
      var hourly: [WeatherVariable] = []
      var daily: [WeatherVariable] = []
      for name in variables {
        let matches = WeatherVariable.allCases.filter { $0.apiName == name }
        guard !matches.isEmpty else {
          throw invocation.unknownVariable(
            name, in: WeatherVariable.with(.hourlyForecast) + WeatherVariable.with(.dailyForecast))
        }
        hourly += matches.filter { $0.roles.contains(.hourlyForecast) }
        daily += matches.filter { $0.roles.contains(.dailyForecast) }
      }
      options.hourly = hourly
      options.daily = daily
      options.current = hourly.filter { $0.roles.contains(.current) }
    }
    return options
  }

  /// Prints each batch's request URL (without key) and call weight, `note` if any, and the
  /// total; fetches nothing.
  static func dryRun<Product: FetchProduct>(
    _ invocation: Invocation, cities: [City], product: Product, batchSize: Int,
    client: HTTPClient, note: String? = nil
  ) throws -> Int32 where Product.Unit == CityBatch {
    var total = 0.0
    for batch in CityBatch.batches(cities, size: batchSize) {
      let request = product.request(for: batch, endpoints: client.endpoints)
      let names = batch.cities.map(invocation.label).joined(separator: ", ")
      total += request.weight
      try invocation.stdout.line("GET \(request.displayURL)")
      try invocation.say(
        "    \(batch.cities.count) location\(batch.cities.count == 1 ? "" : "s"): \(names); weight \(weightText(request.weight)) calls"
      )
    }
    if let note { try invocation.say(note) }
    try invocation.stdout.line(
      "total weight: \(weightText(total)) calls (free tier: 600/min, 5,000/h, 10,000/day)")
    return ExitStatus.success
  }

  static func weightText(_ weight: Double) -> String {
    NumberText.fixed(weight, decimals: 1)
  }
}

extension CollectCommand {
  /// The options of `collect`, each declared once with its type and default.
  enum Options {
    /// `--days` as help lists it: the range and default depend on the mode (1-16, 16; with
    /// --ensemble 1-35, 15), so the declaration is untyped and each mode reads its own key.
    static let days = Option<String?>.text(
      "days", value: "days", help: "Forecast days, 1-16.", default: "16")
    /// `--days` for forecasts: 1-16.
    static let forecastDays = Option<Int?>.integer(
      "days", value: "days", help: "Forecast days, 1-16.", in: 1...16)
    /// `--days` with `--ensemble`: 1-35.
    static let ensembleDays = Option<Int?>.integer(
      "days", value: "days", help: "Ensemble forecast days.",
      in: 1...EnsembleRequestOptions.maximumDays)
    /// `--models`: Open-Meteo model names, as given (empty when not given).
    static let models = Option<[CheckedText]>.parsed(
      OptionSpec(
        "models", value: "models",
        help:
          "Comma-separated Open-Meteo models (e.g. ecmwf_ifs025,gfs_seamless), stored separately.",
        repeating: true, default: ModelName.bestMatch)
    ) { try modelNames($0) }
    static let vars = Option<[String]>.list(
      "vars", value: "variables",
      help: "Comma-separated variables to request instead of the defaults (see 'skycast vars').")
    static let minInterval = Option<Int>.duration(
      "min-interval", value: "duration",
      help: "Skip cities fetched successfully more recently than this (30m, 2h, 0).",
      default: FreshnessRule.defaultIntervalText)
    static let force = Flag(
      "force", help: "Fetch even when a city was fetched within --min-interval.")
    static let elevation = Option<ElevationSource?>.choice(
      "elevation", value: "source",
      help:
        "station: downscale each forecast to its city's default station's elevation (elevation=).",
      of: ElevationSource.self)
    static let dryRun = Flag(
      "dry-run", help: "Print the request URLs (without API key) and call weights; fetch nothing.")
    /// `--ensemble`: Ensemble API model names, as given.
    static let ensemble = Option<[CheckedText]>.parsed(
      OptionSpec(
        "ensemble", value: "models",
        help:
          "Collect ensemble members from the Ensemble API instead: comma-separated models "
          + "(e.g. ecmwf_ifs025_ensemble,ncep_gefs025). Variables default to temperature_2m, "
          + "precipitation, wind_speed_10m; --days to 35, default 15.",
        repeating: true)
    ) { words in
      let models = try modelNames(words)
      guard !models.isEmpty else {
        throw InvalidInput("'--ensemble' needs at least one model, e.g. ecmwf_ifs025_ensemble")
      }
      guard Set(models.map(\.text)).count == models.count else {
        throw InvalidInput("'--ensemble' names a model twice")
      }
      return models
    }

    /// Model names as an option gives them: letters, digits and `_` only.
    private static func modelNames(_ words: [String]) throws -> [CheckedText] {
      try words.map { word in
        guard word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
          throw InvalidOptionValue(word, reason: "model names use letters, digits and _")
        }
        return CheckedText(word)
      }
    }
  }
}
