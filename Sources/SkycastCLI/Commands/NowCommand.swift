import Collect
import OpenMeteo
import SkycastModel
import Store
import Views

/// `skycast now [CITY] [--refresh]`: the weather-app view from the newest stored forecast.
enum NowCommand {
  static let spec = CommandSpec(
    name: "now", abstract: "Show current conditions, the next 24 hours and 10 days for a city.",
    discussion: """
      Reads the newest stored forecast of the city (no network unless --refresh) and always \
      says how old it is. Without CITY, the city used last time is shown (or the only saved \
      city). --refresh fetches a new forecast first when the stored one is older than 30 \
      minutes, in one attempt of at most 9 s (--timeout, --retries); if that fails, the \
      stored forecast is shown with an 'offline' line and the reason.

      When the stored current conditions are over an hour old, the header shows the hourly \
      forecast for the present hour and says which hour it is; a forecast fetched over a day \
      ago is flagged as old.

      Feels-like is the NWS definition (wind chill below 10 °C with wind, heat index from \
      26.7 °C, else the air temperature), next to Open-Meteo's apparent temperature; each is \
      labelled. Colour only on a terminal (never with NO_COLOR or --no-color).

      --at (or SKYCAST_NOW) shows the view as it was at that local time: the newest forecast \
      fetched by then, its age counted from then.

      Examples:
        skycast now Berlin --refresh
        skycast now
      """,
    arguments: [
      ArgumentSpec("city", help: "A saved city: id, name or \"Name, Admin1\".", optional: true)
    ],
    options: [
      Options.refresh.spec, Options.width.spec,
      SharedOptions.ascii.help("ASCII symbols (METAR abbreviations), ticks and bars.").spec,
      SharedOptions.at.spec,
    ] + SharedOptions.network([.forecast], defaults: refreshPolicy),
    run: { try await run($0) })

  /// One attempt of at most 9 s and no backoff: a weather app answers within about ten
  /// seconds, fresh or from its cache, so a slow or failing server must not hold the view
  /// for the minute the collecting commands allow.
  static let refreshPolicy = RetryPolicy(timeout: 9, retries: 0)

  static func run(_ invocation: Invocation) async throws -> Int32 {
    let width = invocation.context.width(override: try invocation[Options.width])
    // A reader: a read-only database (or folder) still shows the stored forecast.
    let store = try invocation.openExistingStore()
    var city = try chooseCity(invocation, store: store)
    let reference = try invocation.referenceTime()
    if reference.pinned, invocation[Options.refresh] {
      throw invocation.usage(
        "--refresh fetches at the present time; leave out --at (or \(Invocation.nowVariable)) to refresh"
      )
    }
    let now = reference.time.epoch(in: city.zone)
    var refreshFailure: String?
    if invocation[Options.refresh] {
      if store.isReadOnly {
        refreshFailure = "the database \(store.path) is read-only"
      } else {
        refreshFailure = try await refresh(invocation, store: store, city: city, now: now)
        city = try store.city(id: city.id) ?? city
      }
    }
    guard
      var model = try NowModel.read(
        from: store, city: city, now: now, listedDays: NowView.listedDays,
        asOf: reference.pinned ? now : nil)
    else {
      if reference.pinned {
        throw CLIError.failure(
          "no forecast of \(city.name) was fetched by \(reference.time.description); choose a later --at"
        )
      }
      if let refreshFailure {
        throw CLIError.failure(
          "no forecast stored for \(city.name), and fetching one failed: \(refreshFailure); check the connection and try 'skycast now \(city.name) --refresh' again"
        )
      }
      throw CLIError.failure(
        "no forecast stored for \(city.name); fetch one with 'skycast now \(city.name) --refresh' or 'skycast collect --city \(city.name)'"
      )
    }
    model.offlineReason = refreshFailure.map { "refresh failed: \($0)" }
    model.station = try store.stationLinks(cityID: city.id).first(where: \.isDefault)?.description
    remember(city, store: store, invocation: invocation)
    let options = NowView.Options(
      width: width, palette: invocation.palette, ascii: invocation.prefersASCII)
    for line in NowView.render(model, options: options) { try invocation.stdout.line(line) }
    return ExitStatus.success
  }

  /// Saves `city` as the last city when it changed and the database can be written; a read-only
  /// file or a full disk only costs the memory of the last city, never the view.
  static func remember(_ city: City, store: Store, invocation: Invocation) {
    let value = String(city.id)
    guard !store.isReadOnly, (try? store.setting("last_city")) != value else { return }
    do {
      try store.setSetting("last_city", value)
    } catch {
      invocation.detail("could not remember \(city.name) as the last city: \(error)")
    }
  }

  /// CITY, else the remembered last city, else the only saved city.
  static func chooseCity(_ invocation: Invocation, store: Store) throws -> City {
    if let reference = invocation.arguments.first { return try store.resolveCity(reference) }
    if let remembered = try store.setting("last_city").flatMap(Int64.init),
      let city = try store.city(id: remembered)
    {
      return city
    }
    let cities = try store.cities()
    switch cities.count {
    case 0:
      throw CLIError.failure(
        "no saved cities; add one with 'skycast city add NAME', then run 'skycast now NAME --refresh'"
      )
    case 1: return cities[0]
    default:
      throw invocation.usage(
        "Several cities are saved (\(cities.prefix(5).map(\.name).joined(separator: ", "))\(cities.count > 5 ? ", …" : "")); name one, e.g. 'skycast now \(cities[0].name)'"
      )
    }
  }

  /// Fetches a forecast unless the stored one is fresh (`FreshnessRule`). Returns the
  /// failure's description, or nil when fresh data is stored (or none was needed).
  static func refresh(_ invocation: Invocation, store: Store, city: City, now: Int64) async throws
    -> String?
  {
    try ClockSkewWarning.warn(invocation, store: store, cities: [city], now: now)
    let reporter = FetchReporter(invocation: invocation, kind: .refresh)
    // The pipeline applies the freshness rule before fetching and again inside the write
    // transaction, so a `collect` that stores a forecast meanwhile is not fetched twice.
    let outcomes = try await FetchPipeline(
      store: store, client: try invocation.makeClient(defaults: refreshPolicy),
      product: ForecastProduct(options: ForecastRequestOptions()),
      now: { invocation.context.nowEpoch }, onEvent: reporter.onEvent
    ).collect(
      cities: [city], batchSize: 1, minInterval: Int(FreshnessRule.defaultInterval), force: false)
    return reporter.refreshed(outcomes)
  }
}

extension NowCommand {
  /// The options of `now`, each declared once with its type and default.
  enum Options {
    static let refresh = Flag(
      "refresh", help: "Fetch a new forecast first when the stored one is older than 30 minutes.")
    static let width = Option<Int?>.integer(
      "width", value: "columns", help: "Width in columns.", in: 1...100_000,
      shown: "$COLUMNS, the terminal, or 80")
  }
}
