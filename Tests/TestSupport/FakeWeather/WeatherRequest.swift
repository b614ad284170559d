import Foundation
import SkycastModel

/// A 400 with Open-Meteo's `reason`.
struct BadRequest: Error {
  let reason: String
}

/// The parsed, validated parameters of a forecast, archive or previous-runs request.
struct WeatherRequest {
  struct Location {
    var latitude: Double
    var longitude: Double
    var elevation: Double?
    var timezone: String
  }

  /// A requested variable: its wire name, the catalogue name it reads, and for previous runs
  /// how many days earlier the run was (0 for the plain variable).
  struct Variable {
    var name: String
    var base: String
    var previousDays: Int
  }

  var locations: [Location] = []
  var hourly: [Variable] = []
  var daily: [String] = []
  var current: [Variable] = []
  var models: [String] = ["best_match"]
  var units = UnitSettings()
  var startDate: Int64?
  var endDate: Int64?
  var forecastDays = 7
  /// `forecast_hours`, read for single runs only (`run=`), whose hours start at the run.
  var forecastHours: Int?
  var pastDays = 0

  init(_ request: RecordedRequest, kind: WeatherEndpoint.Kind) throws(BadRequest) {
    try parseLocations(request)
    try parseUnits(request)
    try parseModels(request)
    try parseVariables(request, kind: kind)
    try parseRange(request, kind: kind)
  }

  // MARK: - Parameters

  private mutating func parseLocations(_ request: RecordedRequest) throws(BadRequest) {
    let latitudes = request.list("latitude")
    let longitudes = request.list("longitude")
    guard !latitudes.isEmpty else { throw BadRequest(reason: "Value required for key 'latitude'.") }
    guard !longitudes.isEmpty else {
      throw BadRequest(reason: "Value required for key 'longitude'.")
    }
    guard latitudes.count == longitudes.count else {
      throw BadRequest(
        reason: "Parameter 'latitude' and 'longitude' must have the same number of elements")
    }
    let elevations = request.list("elevation")
    var zones = request.list("timezone")
    if zones.isEmpty { zones = ["GMT"] }
    guard elevations.isEmpty || elevations.count == latitudes.count,
      zones.count == 1 || zones.count == latitudes.count
    else {
      throw BadRequest(
        reason: "Parameter 'elevation' and 'timezone' must have the same number of elements as "
          + "coordinates")
    }
    for index in latitudes.indices {
      guard let latitude = Double(latitudes[index]) else {
        throw BadRequest(
          reason: "Cannot initialize Float from invalid String value \(latitudes[index]) for key "
            + "latitude")
      }
      guard let longitude = Double(longitudes[index]) else {
        throw BadRequest(
          reason: "Cannot initialize Float from invalid String value \(longitudes[index]) for "
            + "key longitude")
      }
      guard (-90...90).contains(latitude) else {
        throw BadRequest(reason: "Latitude must be in range of -90 to 90°. Given: \(latitude).")
      }
      guard (-180...180).contains(longitude) else {
        throw BadRequest(
          reason: "Longitude must be in range of -180 to 180°. Given: \(longitude).")
      }
      let elevation = elevations.isEmpty ? nil : Double(elevations[index])
      let zone = zones.count == 1 ? zones[0] : zones[index]
      locations.append(
        Location(latitude: latitude, longitude: longitude, elevation: elevation, timezone: zone))
    }
  }

  private mutating func parseUnits(_ request: RecordedRequest) throws(BadRequest) {
    func check(_ key: String, _ allowed: [String], type: String) throws(BadRequest) -> String? {
      guard let value = request.query[key] else { return nil }
      guard allowed.contains(value) else {
        throw BadRequest(
          reason: "Cannot initialize \(type) from invalid String value \(value) for key \(key)")
      }
      return value
    }
    units.fahrenheit =
      try check("temperature_unit", ["celsius", "fahrenheit"], type: "TemperatureUnit")
      == "fahrenheit"
    let windKey = request.query["wind_speed_unit"] != nil ? "wind_speed_unit" : "windspeed_unit"
    units.wind = try check(windKey, ["kmh", "ms", "mph", "kn"], type: "WindspeedUnit") ?? "kmh"
    units.inch =
      try check("precipitation_unit", ["mm", "inch"], type: "PrecipitationUnit") == "inch"
    units.unixtime =
      try check("timeformat", ["iso8601", "unixtime"], type: "Timeformat") == "unixtime"
  }

  private mutating func parseModels(_ request: RecordedRequest) throws(BadRequest) {
    let names = Self.unique(request.list("models"))
    guard !names.isEmpty else { return }
    for name in names where !FakeCatalogue.models.contains(name) {
      throw BadRequest(
        reason: "Data corrupted at path ''. Cannot initialize MultiDomains from invalid String "
          + "value \(name).")
    }
    models = names
  }

  private mutating func parseVariables(
    _ request: RecordedRequest, kind: WeatherEndpoint.Kind
  ) throws(BadRequest) {
    func variable(_ name: String, key: String) throws(BadRequest) -> Variable {
      var base = name
      var days = 0
      if kind == .previousRuns, let range = name.range(of: "_previous_day") {
        let suffix = name[range.upperBound...]
        if let n = Int(suffix), (1...7).contains(n) {
          base = String(name[..<range.lowerBound])
          days = n
        }
      }
      let known =
        FakeCatalogue.hourly[base] != nil
        && !(kind == .archive && FakeCatalogue.notInArchive.contains(base))
      guard known else {
        throw BadRequest(
          reason: "Cannot initialize WeatherVariable from invalid String value \(name) for key "
            + key)
      }
      return Variable(name: name, base: base, previousDays: days)
    }
    for name in Self.unique(request.list("hourly")) {
      hourly.append(try variable(name, key: "hourly"))
    }
    if kind != .archive {
      for name in Self.unique(request.list("current")) {
        current.append(try variable(name, key: "current"))
      }
    }
    for name in Self.unique(request.list("daily")) {
      let known =
        kind != .previousRuns && FakeCatalogue.daily[name] != nil
        && !(kind == .archive && FakeCatalogue.notInArchive.contains(name))
      guard known else {
        throw BadRequest(
          reason: "Cannot initialize DailyWeatherVariable from invalid String value \(name) for "
            + "key daily")
      }
      daily.append(name)
    }
  }

  private mutating func parseRange(
    _ request: RecordedRequest, kind: WeatherEndpoint.Kind
  ) throws(BadRequest) {
    let start = request.query["start_date"]
    let end = request.query["end_date"]
    if start != nil || end != nil || kind == .archive {
      guard let start else { throw BadRequest(reason: "Value required for key 'start_date'.") }
      guard let end else { throw BadRequest(reason: "Value required for key 'end_date'.") }
      guard let first = FakeFormat.parseDate(start), let last = FakeFormat.parseDate(end) else {
        throw BadRequest(reason: "Invalid date format. Make sure to use 'YYYY-MM-DD'")
      }
      guard first <= last else {
        throw BadRequest(reason: "End-date must be larger or equals than start-date")
      }
      startDate = first
      endDate = last
      return
    }
    if let text = request.query["forecast_days"] {
      guard let days = Int(text), (0...16).contains(days) else {
        throw BadRequest(reason: "Forecast days is invalid. Allowed range 0 to 16.")
      }
      forecastDays = days
    }
    if request.query["run"] != nil, let text = request.query["forecast_hours"] {
      guard let hours = Int(text), hours >= 0 else {
        throw BadRequest(
          reason: "Cannot initialize Int from invalid String value \(text) for key "
            + "forecast_hours")
      }
      forecastHours = hours
    }
    if let text = request.query["past_days"] {
      guard let days = Int(text), (0...92).contains(days) else {
        throw BadRequest(reason: "Past days is invalid. Allowed range 0 to 92.")
      }
      pastDays = days
    }
  }

  static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}
