import Foundation
import Synthetic

/// Builds Ensemble API (`/v1/ensemble`) responses: the control as `temperature_2m`, members as
/// `temperature_2m_memberNN`, every key suffixed `_<model>` when several models are asked for,
/// each member the synthetic truth plus its own forecast error (a member-specific perturbation
/// pattern, growing with lead). Hours start at local midnight of today, as the forecast fake.
struct EnsembleEndpoint {
  let fake: FakeOpenMeteo

  /// Members per model (control included), as Open-Meteo's source states them.
  static let members: [String: Int] = [
    "dwd_icon_seamless_eps": 40, "icon_seamless": 40, "icon_seamless_eps": 40,
    "ncep_gefs025": 31, "gfs025": 31, "ncep_gefs_seamless": 31, "ecmwf_ifs025_ensemble": 51,
    "ecmwf_ifs025": 51, "ecmwf_aifs025_ensemble": 51, "cmc_gem_geps": 21,
  ]

  func respond(_ request: RecordedRequest) -> Reply {
    let latitudes = request.list("latitude").compactMap(Double.init)
    let longitudes = request.list("longitude").compactMap(Double.init)
    guard !latitudes.isEmpty, latitudes.count == longitudes.count else {
      return .openMeteoError(status: 400, reason: "Value required for key 'latitude'.")
    }
    let models = request.list("models")
    guard !models.isEmpty else {
      return .openMeteoError(status: 400, reason: "Parameter 'models' is required")
    }
    for model in models where Self.members[model] == nil {
      return .openMeteoError(
        status: 400,
        reason:
          "Data corrupted at path ''. Cannot initialize MultiDomains from invalid String value \(model)."
      )
    }
    let variables = request.list("hourly")
    for name in variables where FakeCatalogue.hourly[name] == nil {
      return .openMeteoError(status: 400, reason: "Invalid hourly variable \(name)")
    }
    let days = Int(request.query["forecast_days"] ?? "7") ?? 7
    guard (0...35).contains(days) else {
      return .openMeteoError(
        status: 400, reason: "Parameter 'forecast_days' must be between 0 and 35")
    }
    let unixtime = request.query["timeformat"] == "unixtime"
    var zones = request.list("timezone")
    if zones.isEmpty { zones = ["GMT"] }
    let now = Int64(fake.now().timeIntervalSince1970.rounded(.down))
    let run = FakeFormat.floorDiv(now, 21_600) * 21_600
    var objects: [String] = []
    for index in latitudes.indices {
      let name = zones.count == 1 ? zones[0] : zones[min(index, zones.count - 1)]
      let zoneName = name == "auto" ? "GMT" : name
      guard let zone = TimeZone(identifier: zoneName) else {
        return .openMeteoError(status: 400, reason: "Invalid timezone")
      }
      let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(now)))
      let today = FakeFormat.floorDiv(now + Int64(offset), 86_400)
      let start = today * 86_400 - Int64(offset)
      let times = (0..<(days * 24)).map { start + Int64($0) * 3600 }
      let latitude = WeatherEndpoint.snap(latitudes[index], 0.25)
      let longitude = WeatherEndpoint.snap(longitudes[index], 0.25)
      let weather = SyntheticWeather(
        latitude: latitude, longitude: longitude,
        elevation: WeatherEndpoint.elevation(
          WeatherRequest.Location(
            latitude: latitudes[index], longitude: longitudes[index], elevation: nil,
            timezone: zoneName)))
      var object = JSONObjectText()
      object.number("latitude", latitude)
      object.number("longitude", longitude)
      object.number("generationtime_ms", 3.5)
      object.integer("utc_offset_seconds", offset)
      object.string("timezone", zoneName)
      object.string("timezone_abbreviation", FakeFormat.abbreviation(offset: offset))
      object.raw("elevation", FakeFormat.number(weather.elevation, decimals: 1))
      if index > 0 { object.integer("location_id", index) }
      var units = JSONObjectText()
      var hourly = JSONObjectText()
      units.string("time", unixtime ? "unixtime" : "iso8601")
      hourly.array(
        "time",
        times.map {
          unixtime ? String($0) : "\"" + FakeFormat.wallTime($0 + Int64(offset)) + "\""
        })
      let settings = UnitSettings()
      for model in models {
        for member in 0..<(Self.members[model] ?? 1) {
          let pattern = model + "#" + String(member)
          let samples = times.map {
            weather.sample(at: $0, weather.forecastPerturbation(run: run, model: pattern, at: $0))
          }
          for variable in variables {
            let spec = FakeCatalogue.hourly[variable]!
            var key = variable + (member > 0 ? String(format: "_member%02d", member) : "")
            if models.count > 1 { key += "_" + model }
            units.string(key, settings.label(spec.quantity))
            hourly.array(
              key,
              samples.map {
                FakeFormat.number(spec.value($0), decimals: settings.decimals(spec.quantity))
              })
          }
        }
      }
      object.raw("hourly_units", units.json)
      object.raw("hourly", hourly.json)
      objects.append(object.json)
    }
    return .ok(objects.count == 1 ? objects[0] : "[" + objects.joined(separator: ",") + "]")
  }
}
