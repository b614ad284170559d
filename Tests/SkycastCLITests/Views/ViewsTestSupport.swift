import Collect
import Foundation
import TestSupport

@testable import OpenMeteo
@testable import SkycastModel
@testable import Store

/// Test data for the export, spark and now commands.
enum ViewsFixtures {
  /// 2026-07-26T21:00Z: when the recorded Copenhagen forecast is stored as fetched (its current
  /// block is 23:00 local, +02:00).
  static let copenhagenFetchedAt: Int64 = 1_785_099_600

  /// Saves Copenhagen and stores the recorded Copenhagen forecast (current, 168 hours, 7 days)
  /// through the same decoding and storing code as `collect`.
  @discardableResult
  static func storeCopenhagen(
    _ harness: CLIHarness, requestedAt: Int64 = copenhagenFetchedAt, name: String = "Copenhagen"
  ) throws -> City {
    let store = try harness.store()
    let city =
      try store.cities().first { $0.name == name }
      ?? store.addCity(
        City(
          name: name, countryCode: "DK", admin1: "Capital Region", latitude: 55.68,
          longitude: 12.57, timezone: "Europe/Copenhagen", addedAt: requestedAt))
    try storeForecast(
      "forecast-copenhagen-current-hourly-daily-ms", city: city, store: store,
      requestedAt: requestedAt)
    return city
  }

  /// Stores a recorded forecast response for `city` as a fetch at `requestedAt`.
  static func storeForecast(_ fixture: String, city: City, store: Store, requestedAt: Int64) throws
  {
    let body = Array(Fixtures.data(fixture))
    let locations = try ResponseDecoder().decode(body)
    _ = try ForecastIngest.store(
      location: locations[0], city: city, store: store, requestedAt: requestedAt,
      provenance: ResponseProvenance(
        url: "https://api.open-meteo.com/v1/forecast?latitude=55.68&longitude=12.57", body: body,
        callWeight: 1.6),
      models: ["best_match"], minInterval: nil)
  }

  /// A harness whose clock reads `epoch`.
  static func harness(at epoch: Int64) -> CLIHarness {
    CLIHarness(now: Date(timeIntervalSince1970: TimeInterval(epoch)))
  }
}

/// Small hand-made histories with known values, written through the store's own insert code.
enum ExportFixtures {
  /// 2026-03-20T00:05Z and 2026-03-29T00:05Z (Zürich's DST change is at 01:00Z that day).
  static let march20: Int64 = 1_773_965_100
  static let march29: Int64 = 1_774_742_700

  /// Saves 北京 (Asia/Shanghai) and `Zürich, "ZH"` (Europe/Zurich, with a line break in its
  /// region and a formula-looking country).
  static func saveCities(_ store: Store) throws -> (beijing: City, zurich: City) {
    let beijing = try store.addCity(
      City(
        name: "北京", countryCode: "CN", country: "中国", admin1: "Beijing", latitude: 39.9075,
        longitude: 116.39723, elevation: 49, timezone: "Asia/Shanghai", geonamesID: 1_816_670,
        population: 18_960_744, addedAt: march20))
    let zurich = try store.addCity(
      City(
        name: "Zürich, \"ZH\"", countryCode: "CH", country: "=Schweiz", admin1: "Kanton\nZürich",
        latitude: 47.36667, longitude: 8.55, elevation: nil, timezone: "Europe/Zurich",
        geonamesID: nil, population: nil, addedAt: march29))
    return (beijing, zurich)
  }

  /// Stores one forecast fetch of `city` requested at `requestedAt` with hourly rows at
  /// `issued + offset·3600` for each entry of `hours` (hour offset, variable values).
  @discardableResult
  static func storeFetch(
    _ store: Store, city: City, requestedAt: Int64, source: FetchSource = .forecast,
    model: String = "best_match", hours: [(offset: Int64, values: [WeatherVariable: Double?])]
  ) throws -> Int64 {
    let issuedAt = requestedAt - requestedAt % 3600
    return try store.write {
      var fetch = FetchRecord(
        cityID: city.id, source: source, model: model, requestedAt: requestedAt, issuedAt: issuedAt,
        status: .ok, httpStatus: 200,
        url: "https://api.open-meteo.com/v1/forecast?latitude=\(city.latitude)")
      fetch.bytes = 1234
      fetch.bodySHA256 = String(repeating: "ab", count: 32)
      fetch.callWeight = 1.6
      fetch.gridLatitude = city.latitude
      fetch.gridLongitude = city.longitude
      fetch.utcOffsetSeconds = city.zone.offset(at: requestedAt)
      let fetchID = try store.insertFetch(fetch)
      var series = SeriesBlock()
      series.instants = hours.map { issuedAt + $0.offset * 3600 }
      let variables = Set(hours.flatMap { $0.values.keys })
      for variable in variables {
        series.columns[SeriesKey(variable, model: model)] = hours.map { $0.values[variable] ?? nil }
      }
      let rows = try store.insertHourlyForecasts(
        series, model: model, previousDay: 0, fetchID: fetchID, cityID: city.id, source: source,
        zone: city.zone, issuedAt: { _ in issuedAt })
      try store.setFetchRows(rows, fetchID: fetchID)
      return fetchID
    }
  }

  /// A failed fetch-log row (HTTP 500 with a two-line reason).
  static func storeFailure(_ store: Store, city: City, requestedAt: Int64) throws {
    _ = try store.write {
      try store.insertFetch(
        FetchRecord(
          cityID: city.id, source: .forecast, model: "best_match", requestedAt: requestedAt,
          status: .failed, httpStatus: 500,
          error: "HTTP 500: upstream \"model\" timeout,\nretry later",
          url: "https://api.open-meteo.com/v1/forecast?latitude=\(city.latitude)"))
    }
  }

  /// The two cities with two forecast fetches each: 北京 on 2026-03-20 (08:00 and 09:00 local),
  /// Zürich across its DST change on 2026-03-29 (00:00Z = 01:00+01:00, 01:00Z = 03:00+02:00),
  /// with a missing precipitation value and rounding cases (−6.25 → −6.3, 0.25 → 0.3).
  static func seed(_ harness: CLIHarness) throws -> (beijing: City, zurich: City) {
    let store = try harness.store()
    let cities = try saveCities(store)
    try storeFetch(
      store, city: cities.beijing, requestedAt: march20,
      hours: [
        (0, [.temperature2m: -6.25, .precipitation: nil, .weatherCode: 3]),
        (1, [.temperature2m: 2.0, .precipitation: 0.25, .weatherCode: 61]),
      ])
    try storeFetch(
      store, city: cities.zurich, requestedAt: march29,
      hours: [
        (0, [.temperature2m: 3.45, .precipitation: 0, .weatherCode: 0]),
        (1, [.temperature2m: -0.04, .precipitation: 1.05, .weatherCode: 71]),
      ])
    return cities
  }
}

/// Text compared byte for byte with a file in `Views/Golden/`. After an intended change, rewrite
/// the files with `SKYCAST_UPDATE_GOLDEN=1 swift test --filter <Suite>` and read the diff; a run
/// that rewrote a file still fails, so it is never mistaken for a pass.
enum GoldenText {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// The stored text of `file`, after rewriting it with `text` when asked to.
  static func stored(_ file: String, updatingWith text: String) -> String? {
    let url = directory.appendingPathComponent(file)
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["SKYCAST_UPDATE_GOLDEN"] == "1", stored != text {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: url)
    }
    return stored
  }
}
