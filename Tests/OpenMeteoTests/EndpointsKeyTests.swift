import Foundation
import TestSupport
import Testing

@testable import OpenMeteo

/// `Endpoints.key(for:)` and the client that uses it: the key goes to Open-Meteo's hosts only,
/// decided by each request's own scheme, host and port.
@Suite struct EndpointsKeyTests {
  static func endpoints(key: String? = "k3y", forecast: String = "http://127.0.0.1:8080")
    -> Endpoints
  {
    var endpoints = Endpoints.openMeteo
    endpoints.forecast = forecast
    endpoints.apiKey = key
    return endpoints
  }

  /// Customer hosts and configured endpoints get the key; station hosts, look-alikes, other
  /// ports and plain http to a customer host do not.
  @Test(
    "the key goes to Open-Meteo's customer hosts and the configured endpoints only",
    arguments: [
      ("https://customer-api.open-meteo.com/v1/forecast", true),
      ("https://CUSTOMER-archive-api.open-meteo.com/v1/archive", true),
      ("https://customer-api.open-meteo.com:443/v1/forecast", true),
      ("https://api.open-meteo.com/data/icon_d2/static/meta.json", false),
      ("https://archive-api.open-meteo.com/v1/archive", true),
      ("https://single-runs-api.open-meteo.com/v1/forecast", true),
      ("http://127.0.0.1:8080/v1/forecast", true),
      ("http://127.0.0.1:8081/v1/forecast", false),
      ("https://127.0.0.1:8080/v1/forecast", false),
      ("http://customer-api.open-meteo.com/v1/forecast", false),
      ("https://customer-api.open-meteo.com.evil.example/v1/forecast", false),
      ("https://x.customer-api.open-meteo.com/v1/forecast", false),
      ("https://customer-.open-meteo.com/v1/forecast", false),
      ("https://www.ncei.noaa.gov/oa/global-historical-climatology-network/x.psv", false),
      ("https://bulk.meteostat.net/v2/hourly/10637.csv.gz", false),
      ("https://opendata.dwd.de/climate_environment/CDC/x.zip", false),
    ])
  func keyByHost(url: String, expected: Bool) throws {
    let target = try #require(URL(string: url))
    #expect((Self.endpoints().key(for: target) == "k3y") == expected, "\(url)")
  }

  @Test("without a key, or with an empty one, no request gets one")
  func noKey() throws {
    let url = try #require(URL(string: "http://127.0.0.1:8080/v1/forecast"))
    #expect(Self.endpoints(key: nil).key(for: url) == nil)
    #expect(Self.endpoints(key: "").key(for: url) == nil)
  }

  /// One client, two loopback servers: the one configured as the forecast endpoint receives
  /// the key, the other (a station mirror on another port) never does.
  @Test("one client sends the key to its Open-Meteo endpoint and not to a station server")
  func clientByHost() async throws {
    let openMeteo = try LoopbackServer { _ in .ok("{}") }
    defer { openMeteo.stop() }
    let station = try LoopbackServer { _ in .ok("{}") }
    defer { station.stop() }
    let client = HTTPClient(
      endpoints: Self.endpoints(forecast: openMeteo.baseURL), sleep: { _ in })
    let forecast = APIRequest(base: openMeteo.baseURL, path: "/v1/forecast", query: [])
    _ = try await client.send(forecast) { $0 }
    _ = try await client.send(APIRequest(base: station.baseURL, path: "/x.psv", query: [])) { $0 }
    #expect(openMeteo.requests.first?.query["apikey"] == "k3y")
    let stationRequest = try #require(station.requests.first)
    #expect(stationRequest.query["apikey"] == nil)
    #expect(!stationRequest.target.contains("k3y"))
  }
}
