import Foundation

/// The Open-Meteo hosts Skycast talks to. Each can be overridden (a self-hosted instance, a
/// commercial host with an API key, or a test server on 127.0.0.1); the API path is appended.
public struct Endpoints: Sendable, Equatable {
  public var forecast: String
  public var archive: String
  public var geocoding: String
  public var previousRuns: String
  /// The Ensemble API (`/v1/ensemble`), `SKYCAST_ENSEMBLE_URL`.
  public var ensemble: String = Endpoints.defaultEnsemble
  /// The Historical Forecast API (`/v1/forecast` with dates), `SKYCAST_HISTORICAL_FORECAST_URL`.
  public var historicalForecast: String = Endpoints.defaultHistoricalForecast
  /// The Single Runs API (`/v1/forecast?run=…`), `SKYCAST_SINGLE_RUNS_URL`.
  public var singleRuns: String = Endpoints.defaultSingleRuns
  /// `SKYCAST_API_KEY`, sent as `apikey` but never stored, printed or logged.
  public var apiKey: String?

  public static let openMeteo = Endpoints(
    forecast: "https://api.open-meteo.com", archive: "https://archive-api.open-meteo.com",
    geocoding: "https://geocoding-api.open-meteo.com",
    previousRuns: "https://previous-runs-api.open-meteo.com", apiKey: nil)

  /// Open-Meteo's Ensemble API host.
  public static let defaultEnsemble = "https://ensemble-api.open-meteo.com"
  /// Open-Meteo's Historical Forecast API host.
  public static let defaultHistoricalForecast = "https://historical-forecast-api.open-meteo.com"
  /// Open-Meteo's Single Runs API host.
  public static let defaultSingleRuns = "https://single-runs-api.open-meteo.com"

  public init(
    forecast: String, archive: String, geocoding: String, previousRuns: String, apiKey: String?
  ) {
    self.forecast = forecast
    self.archive = archive
    self.geocoding = geocoding
    self.previousRuns = previousRuns
    self.apiKey = apiKey
  }

  /// The configured Open-Meteo endpoints, each a base URL.
  public var all: [String] {
    [forecast, archive, geocoding, previousRuns, ensemble, historicalForecast, singleRuns]
  }

  /// The key to send with a request to `url`: `apiKey` when `url` goes to Open-Meteo, else
  /// nil. The key is attached by host, never by client: one client fetches Open-Meteo replies
  /// and station files (NOAA, Meteostat, DWD), and only the first may see it.
  ///
  /// Open-Meteo means an `https` customer host (`customer-api.open-meteo.com`,
  /// `customer-archive-api.open-meteo.com`, …: the hosts Open-Meteo's commercial plans name),
  /// or the scheme, host and port of one of the configured endpoints (a self-hosted instance,
  /// or a test server on 127.0.0.1). A station base URL on another port of the same machine is
  /// another origin and gets no key.
  ///
  /// ```swift
  /// var endpoints = Endpoints.openMeteo
  /// endpoints.apiKey = "k"
  /// endpoints.key(for: URL(string: "https://api.open-meteo.com/v1/forecast")!)   // "k"
  /// endpoints.key(for: URL(string: "https://www.ncei.noaa.gov/oa/x.psv")!)       // nil
  /// ```
  public func key(for url: URL) -> String? {
    guard let apiKey, !apiKey.isEmpty, let origin = Origin(url) else { return nil }
    if origin.scheme == "https", Self.isCustomerHost(origin.host) { return apiKey }
    return all.contains { Origin(URL(string: $0)) == origin } ? apiKey : nil
  }

  /// True for `customer-*.open-meteo.com` (one label, no deeper subdomain).
  static func isCustomerHost(_ host: String) -> Bool {
    let suffix = ".open-meteo.com"
    guard host.hasPrefix("customer-"), host.hasSuffix(suffix) else { return false }
    let label = host.dropLast(suffix.count)
    return label.count > "customer-".count && !label.contains(".")
  }

  /// Scheme, lowercased host and port (the scheme's default when not given) of a URL.
  struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL?) {
      guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
        let host = url.host?.lowercased(), !host.isEmpty
      else { return nil }
      self.scheme = scheme
      self.host = host
      self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }
  }

  /// Defaults overridden by `SKYCAST_*_URL` and `SKYCAST_API_KEY` from `environment`.
  public static func from(environment: [String: String]) -> Endpoints {
    var endpoints = Endpoints.openMeteo
    func value(_ name: String) -> String? {
      guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
        return nil
      }
      return text
    }
    if let url = value("SKYCAST_FORECAST_URL") { endpoints.forecast = url }
    if let url = value("SKYCAST_ARCHIVE_URL") { endpoints.archive = url }
    if let url = value("SKYCAST_GEOCODING_URL") { endpoints.geocoding = url }
    if let url = value("SKYCAST_PREVIOUS_RUNS_URL") { endpoints.previousRuns = url }
    if let url = value("SKYCAST_SINGLE_RUNS_URL") { endpoints.singleRuns = url }
    if let url = value("SKYCAST_HISTORICAL_FORECAST_URL") { endpoints.historicalForecast = url }
    if let url = value("SKYCAST_ENSEMBLE_URL") { endpoints.ensemble = url }
    endpoints.apiKey = value("SKYCAST_API_KEY")
    return endpoints
  }
}
