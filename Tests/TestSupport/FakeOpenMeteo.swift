import Foundation

/// A stand-in for the Open-Meteo APIs (geocoding, forecast, archive, previous runs) that answers
/// in the real response format with deterministic synthetic data: the same request at the same
/// `now` always gives the same bytes.
///
/// One value can serve one API or all of them. `/v1/forecast` is shared by the forecast and
/// previous-runs hosts; with `.all`, a request naming any `*_previous_dayN` variable goes to
/// previous runs.
///
/// ```swift
/// let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_774_000_000) }
/// let server = try FakeOpenMeteo(.all, now: clock).makeServer()
/// defer { server.stop() }
/// // SKYCAST_FORECAST_URL=server.baseURL, SKYCAST_GEOCODING_URL=server.baseURL, …
/// ```
///
/// Fault injection: `faults` sees every request first; a non-nil reply is sent instead of the
/// fake's own answer (see `FakeOpenMeteo.Faults` for ready-made bodies).
///
/// ```swift
/// let fake = FakeOpenMeteo(.forecast, faults: FakeOpenMeteo.Faults.forLatitude(52.52,
///   reply: .rateLimited(.minutely)))
/// ```
public struct FakeOpenMeteo: Sendable {
  /// Which API(s) a fake answers. Requests for another API's path get a 404.
  public enum Service: String, Sendable, CaseIterable {
    /// `/v1/forecast` as on `api.open-meteo.com`.
    case forecast
    /// `/v1/archive` as on `archive-api.open-meteo.com` (ERA5 reanalysis).
    case archive
    /// `/v1/search` as on `geocoding-api.open-meteo.com`.
    case geocoding
    /// `/v1/forecast` as on `previous-runs-api.open-meteo.com`.
    case previousRuns
    /// `/v1/ensemble` as on `ensemble-api.open-meteo.com`.
    case ensemble
    /// All of the above on one server.
    case all
  }

  /// The API(s) this fake answers.
  public var service: Service
  /// The request clock: forecasts start at local midnight of "today" at `now()`, the current
  /// block is `now()` floored to 15 minutes, and the archive withholds recent days.
  public var now: @Sendable () -> Date
  /// Consulted before anything else; a non-nil reply replaces the fake's own.
  public var faults: (@Sendable (RecordedRequest) -> Reply?)?
  /// The run a model's `meta.json` names, by domain (nil: no such file, a 404); nil uses the
  /// latest 6-hourly run at least 4 hours before the clock.
  public var runInitialisation: (@Sendable (String) -> Int64?)?
  /// Runs (UTC epoch seconds) the Single Runs stand-in answers with a 400, as for a run the
  /// archive lacks.
  public var missingRuns: Set<Int64> = []
  /// Archive latency: hours on local dates later than `today − archiveDelayDays - 1` are `null`
  /// (with the default 5, the five dates before today and today itself have no data yet).
  public var archiveDelayDays: Int
  /// Whether JSON replies go out gzip-compressed to a request whose `Accept-Encoding` names
  /// gzip, as api.open-meteo.com sends them (`Content-Encoding: gzip`). Off by default, so
  /// tests that read the fake's bodies on the wire see plain JSON.
  public var compressesReplies = false

  /// A fake for `service`, on the real clock unless `now` is given.
  public init(
    _ service: Service = .all,
    now: @escaping @Sendable () -> Date = { Date() },
    archiveDelayDays: Int = 5,
    faults: (@Sendable (RecordedRequest) -> Reply?)? = nil
  ) {
    self.service = service
    self.now = now
    self.archiveDelayDays = archiveDelayDays
    self.faults = faults
  }

  /// The fake as a `LoopbackServer` handler.
  public var handler: @Sendable (RecordedRequest) -> Reply {
    let fake = self
    return { request in
      let reply = fake.respond(to: request)
      guard fake.compressesReplies, case .json(let status, let body) = reply,
        request.header("accept-encoding")?.lowercased().contains("gzip") == true
      else { return reply }
      return .custom(
        status: status,
        headers: [
          Reply.Header("Content-Type", "application/json; charset=utf-8"),
          Reply.Header("Content-Encoding", "gzip"),
        ],
        body: TestGzip.compress(Array(body.utf8)))
    }
  }

  /// Starts a loopback server answering with this fake.
  public func makeServer() throws -> LoopbackServer {
    try LoopbackServer(handler: handler)
  }

  /// Answers one request (usable without a server).
  public func respond(to request: RecordedRequest) -> Reply {
    if let faults, let reply = faults(request) { return reply }
    let notFound = Reply.openMeteoError(status: 404, reason: "Not Found")
    switch request.path {
    case "/v1/search":
      guard service == .geocoding || service == .all else { return notFound }
      return Geocoder.search(request)
    case "/v1/archive":
      guard service == .archive || service == .all else { return notFound }
      return WeatherEndpoint(kind: .archive, fake: self).respond(request)
    case "/v1/ensemble":
      guard service == .ensemble || service == .all else { return notFound }
      return EnsembleEndpoint(fake: self).respond(request)
    case "/v1/forecast":
      switch service {
      case .forecast: return WeatherEndpoint(kind: .forecast, fake: self).respond(request)
      case .previousRuns: return WeatherEndpoint(kind: .previousRuns, fake: self).respond(request)
      case .all:
        let names = request.list("hourly") + request.list("current") + request.list("daily")
        let kind: WeatherEndpoint.Kind =
          names.contains { $0.contains("_previous_day") } ? .previousRuns : .forecast
        return WeatherEndpoint(kind: kind, fake: self).respond(request)
      case .archive, .geocoding, .ensemble: return notFound
      }
    default:
      let path = request.path
      if path.hasPrefix("/data/"), path.hasSuffix("/static/meta.json"),
        service == .forecast || service == .all
      {
        let domain = String(path.dropFirst(6).dropLast(17))
        return metaJSON(domain: domain) ?? notFound
      }
      return notFound
    }
  }

  /// A model's `meta.json` (derived from open-meteo's `ModelUpdateMetaJson`; SOURCES.md): the
  /// run `runInitialisation` names (by default the latest 6-hourly run at least 4 hours old),
  /// available 4 h 10 min after it.
  func metaJSON(domain: String) -> Reply? {
    let now = Int64(self.now().timeIntervalSince1970.rounded(.down))
    let run: Int64
    if let runInitialisation {
      guard let chosen = runInitialisation(domain) else { return nil }
      run = chosen
    } else {
      run = Self.latestRun(at: now)
    }
    let available = run + 4 * 3600 + 600
    return .ok(
      "{\"last_run_initialisation_time\":\(run),\"last_run_modification_time\":\(available),"
        + "\"last_run_availability_time\":\(available),\"temporal_resolution_seconds\":3600,"
        + "\"data_end_time\":\(run + 16 * 86_400),\"update_interval_seconds\":21600,"
        + "\"chunk_time_length\":121}")
  }

  /// The run served at `now` unless `runInitialisation` says otherwise: the latest 6-hourly
  /// run at least 4 hours old (what `meta.json` names and what the forecast's values come from,
  /// so a collected forecast equals the single run it names at every shared valid time).
  static func latestRun(at now: Int64) -> Int64 {
    FakeFormat.floorDiv(now - 4 * 3600, 21_600) * 21_600
  }

  /// Starts a server for `service`; shorthand for `FakeOpenMeteo(…).makeServer()`.
  public static func server(
    _ service: Service = .all,
    now: @escaping @Sendable () -> Date = { Date() },
    faults: (@Sendable (RecordedRequest) -> Reply?)? = nil
  ) throws -> LoopbackServer {
    try FakeOpenMeteo(service, now: now, faults: faults).makeServer()
  }
}
