import Foundation
import SkycastModel
import TestSupport
import Testing

/// With `SKYCAST_API_KEY` set and the Open-Meteo endpoints on a loopback server, no request of a
/// station path (`observe --station` for each fetched provider, Meteostat's source map,
/// `station load`) carries the key to the station server, which is another origin.
@Suite struct StationKeyTests {
  static let key = "s3cr3t-station-KEY"

  /// A harness whose Open-Meteo endpoints point at `openMeteo`, with the key set.
  static func harness(openMeteo: LoopbackServer) async throws -> CLIHarness {
    let harness = try await ObserveStationTests.harness()
    harness.use(server: openMeteo.baseURL)
    harness.environment["SKYCAST_API_KEY"] = key
    return harness
  }

  /// No request `server` received names the key, in any form.
  static func expectNoKey(_ server: LoopbackServer, _ label: String) {
    #expect(!server.requests.isEmpty, "\(label): the station server was asked")
    for request in server.requests {
      #expect(request.query["apikey"] == nil, "\(label): \(request.target)")
      #expect(!request.target.contains(key), "\(label): \(request.target)")
    }
  }

  @Test(
    "observe --station sends no key to the GHCNh, Meteostat (file and map) or DWD server",
    arguments: [
      ("dwd:03987", "dwd/derived-stundenwerte_TU_03987_akt.zip", ObserveStationTests.dwdPath, ""),
      (
        "meteostat:10637", "meteostat/derived-legacy-hourly-10637.csv.gz",
        "/v2/hourly/10637.csv.gz", "meteostat/derived-legacy-hourly-10637.map.csv.gz"
      ),
      (
        "ghcnh:USW00024135", "ghcnh/GHCNh_USW00024135_por.psv",
        "/oa/global-historical-climatology-network/hourly/access/by-station/GHCNh_USW00024135_por.psv",
        ""
      ),
    ])
  func observeStation(station: String, file: String, path: String, map: String) async throws {
    var served: [String: [Reply]] = [
      path: [
        .bytes(
          status: 200, contentType: "application/octet-stream",
          body: try ObserveStationTests.bytes(file))
      ]
    ]
    if !map.isEmpty {
      served["/v2/hourly/10637.map.csv.gz"] = [
        .bytes(
          status: 200, contentType: "application/octet-stream",
          body: try ObserveStationTests.bytes(map))
      ]
    }
    let stationServer = try LoopbackServer.scripted(served)
    defer { stationServer.stop() }
    let openMeteo = try LoopbackServer { _ in .ok("{}") }
    defer { openMeteo.stop() }
    let harness = try await Self.harness(openMeteo: openMeteo)
    let provider = String(station.split(separator: ":")[0])
    let result = await harness.run(
      "observe", "--station", station, "--city", "Potsdam", "--\(provider)-url",
      stationServer.baseURL)
    #expect(result.exitCode == 0, "\(result)")
    Self.expectNoKey(stationServer, station)
    if !map.isEmpty {
      #expect(stationServer.requests(path: "/v2/hourly/10637.map.csv.gz").count == 1)
    }
  }

  @Test(
    "station load sends no key to the GHCNh, Meteostat or DWD server",
    arguments: [
      (
        "ghcnh", "/oa/global-historical-climatology-network/hourly/doc/ghcnh-station-list.csv",
        "ghcnh/ghcnh-station-list.sample.csv"
      ),
      ("meteostat", "/v2/stations/lite.json.gz", "meteostat/weather-stations-01001.json"),
      ("dwd", StationCommandTests.dwdList, "dwd/TU_Stundenwerte_Beschreibung_Stationen.txt"),
    ])
  func stationLoad(provider: String, path: String, file: String) async throws {
    let stationServer = try LoopbackServer.scripted([
      path: [
        .bytes(
          status: 200, contentType: "application/octet-stream",
          body: try ObserveStationTests.bytes(file))
      ]
    ])
    defer { stationServer.stop() }
    let openMeteo = try LoopbackServer { _ in .ok("{}") }
    defer { openMeteo.stop() }
    let harness = try await Self.harness(openMeteo: openMeteo)
    let result = await harness.run(
      "station", "load", provider, "--\(provider)-url", stationServer.baseURL)
    #expect(result.exitCode == 0, "\(result)")
    Self.expectNoKey(stationServer, provider)
  }
}
