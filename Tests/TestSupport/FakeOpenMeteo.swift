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
  /// Runs (UTC epoch seconds) the Single Runs stand-in answers with a 400, as for a run the
  /// archive lacks.
  public var missingRuns: Set<Int64> = []
  /// Archive latency: hours on local dates later than `today − archiveDelayDays - 1` are `null`
  /// (with the default 5, the five dates before today and today itself have no data yet).
  public var archiveDelayDays: Int

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
    return { fake.respond(to: $0) }
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
      return notFound
    }
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
