import Foundation
import SkycastModel
import Synthetic

/// Builds forecast, archive and previous-runs responses in Open-Meteo's column layout.
///
/// Time axis: local days `first…last` at the **one** UTC offset in force at request time (as the
/// real API does, even across a DST change); hour `h` of the range is the instant
/// `first·86400 − offset + h·3600`, printed as that instant plus the offset.
struct WeatherEndpoint {
  enum Kind: Equatable {
    case forecast, archive, previousRuns
  }

  let kind: Kind
  let fake: FakeOpenMeteo

  func respond(_ request: RecordedRequest) -> Reply {
    do throws(BadRequest) {
      let parsed = try WeatherRequest(request, kind: kind)
      var now = Int64(fake.now().timeIntervalSince1970.rounded(.down))
      var run = FakeOpenMeteo.latestRun(at: now)
      var singleRun: Int64?
      // The Single Runs API (`run=YYYY-MM-DDTHH:MM`, UTC): a derived stand-in, the forecast as
      // if requested at the run's initialisation, its pattern that of the run (SOURCES.md).
      if kind == .forecast, let runText = request.query["run"] {
        guard let requested = WallClock.secondsAsUTC(runText), requested % 3600 == 0 else {
          throw BadRequest(reason: "Invalid run '\(runText)': expected YYYY-MM-DDTHH:MM")
        }
        guard requested <= now - 3 * 3600, fake.missingRuns.contains(requested) == false else {
          throw BadRequest(reason: "No data is available for run \(runText)")
        }
        now = requested
        run = requested
        singleRun = requested
      }
      let generation = Geocoder.generationTime(request)
      var objects: [String] = []
      for (index, location) in parsed.locations.enumerated() {
        objects.append(
          try encode(
            location, index: index, request: parsed, now: now, run: run, singleRun: singleRun,
            generation: generation))
      }
      if objects.count == 1 { return .ok(objects[0]) }
      return .ok("[" + objects.joined(separator: ",") + "]")
    } catch {
      return .openMeteoError(status: 400, reason: error.reason)
    }
  }

  // MARK: - One location

  private func encode(
    _ location: WeatherRequest.Location, index: Int, request: WeatherRequest, now: Int64,
    run: Int64, singleRun: Int64?, generation: Double
  ) throws(BadRequest) -> String {
    let (zoneName, zone) = try resolveZone(location)
    let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(now)))
    // open-meteo `validateSingleRunAggregationsAlignWithLocalPeriodStart`: daily values of a
    // single run only when the run starts at 00:00 in the requested zone.
    if let singleRun, !request.daily.isEmpty, (singleRun + Int64(offset)) % 86_400 != 0 {
      throw BadRequest(
        reason: "Parameter 'daily' is only supported for single-runs-api if 'run' starts at "
          + "00:00 in the requested timezone")
    }
    let today = FakeFormat.floorDiv(now + Int64(offset), 86_400)
    let first = request.startDate ?? today - Int64(request.pastDays)
    let last = request.endDate ?? today + Int64(request.forecastDays) - 1
    if kind == .archive {
      let earliest = FakeFormat.dayNumber(year: 1940, month: 1, day: 1)
      guard first >= earliest, last <= today else {
        throw BadRequest(
          reason: "Parameter 'start_date' is out of allowed range from 1940-01-01 to "
            + FakeFormat.date(today))
      }
    }
    let dayCount = max(0, Int(last - first + 1))
    let start = first * 86_400 - Int64(offset)
    let times = (0..<(dayCount * 24)).map { start + Int64($0) * 3600 }
    // A single run's hours start at the run itself, `forecast_hours` of them, else
    // `forecast_days` (default 7) × 24 (open-meteo `getTimerange2`, the `if let run` branch).
    let hourTimes =
      singleRun.map { first in
        (0..<(request.forecastHours ?? request.forecastDays * 24)).map {
          first + Int64($0) * 3600
        }
      } ?? times

    let step = kind == .archive ? 0.25 : 0.05
    let latitude = Self.snap(location.latitude, step)
    let longitude = Self.snap(location.longitude, step)
    let elevation = location.elevation ?? Self.elevation(location)
    let weather = SyntheticWeather(latitude: latitude, longitude: longitude, elevation: elevation)
    let units = request.units
    let lastAvailableDay = today - Int64(fake.archiveDelayDays) - 1

    var object = JSONObjectText()
    object.number("latitude", latitude)
    object.number("longitude", longitude)
    object.number("generationtime_ms", generation)
    object.integer("utc_offset_seconds", offset)
    object.string("timezone", zoneName)
    object.string("timezone_abbreviation", FakeFormat.abbreviation(offset: offset))
    object.raw("elevation", FakeFormat.number(elevation, decimals: 1))
    if index > 0 { object.integer("location_id", index) }

    func key(_ name: String, _ model: String) -> String {
      request.models.count > 1 ? name + "_" + model : name
    }
    func perturbation(_ model: String, _ days: Int, _ time: Int64) -> SyntheticWeather.Perturbation
    {
      switch kind {
      case .forecast:
        return weather.forecastPerturbation(run: run, model: model, at: time)
      case .archive: return weather.modelBias(model)
      case .previousRuns: return weather.previousRunPerturbation(days: days, model: model, at: time)
      }
    }
    func timeText(_ instant: Int64) -> String {
      units.unixtime ? String(instant) : "\"" + FakeFormat.wallTime(instant + Int64(offset)) + "\""
    }

    // Current conditions.
    if !request.current.isEmpty {
      let time = FakeFormat.floorDiv(now, 900) * 900
      var currentUnits = JSONObjectText()
      var current = JSONObjectText()
      currentUnits.string("time", units.label(.time))
      currentUnits.string("interval", "seconds")
      current.raw("time", timeText(time))
      current.integer("interval", 900)
      for variable in request.current {
        let spec = FakeCatalogue.hourly[variable.base]!
        for model in request.models {
          let sample = weather.sample(at: time, perturbation(model, variable.previousDays, time))
          let value = units.convert(spec.value(sample), spec.quantity)
          currentUnits.string(key(variable.name, model), units.label(spec.quantity))
          current.raw(
            key(variable.name, model),
            FakeFormat.number(value, decimals: units.decimals(spec.quantity)))
        }
      }
      object.raw("current_units", currentUnits.json)
      object.raw("current", current.json)
    }

    // Samples per (model, previous days), shared by hourly and daily.
    var cache: [String: [SyntheticWeather.Sample]] = [:]
    func samples(_ model: String, _ days: Int) -> [SyntheticWeather.Sample] {
      let cacheKey = model + "#" + String(days)
      if let cached = cache[cacheKey] { return cached }
      let computed = hourTimes.map { weather.sample(at: $0, perturbation(model, days, $0)) }
      cache[cacheKey] = computed
      return computed
    }
    func available(_ time: Int64, days: Int) -> Bool {
      switch kind {
      case .forecast: return true
      case .archive: return FakeFormat.floorDiv(time + Int64(offset), 86_400) <= lastAvailableDay
      case .previousRuns: return time - Int64(days) * 86_400 <= now
      }
    }

    if !request.hourly.isEmpty {
      var hourlyUnits = JSONObjectText()
      var hourly = JSONObjectText()
      hourlyUnits.string("time", units.label(.time))
      hourly.array("time", hourTimes.map(timeText))
      for variable in request.hourly {
        let spec = FakeCatalogue.hourly[variable.base]!
        let decimals = units.decimals(spec.quantity)
        for model in request.models {
          let series = samples(model, variable.previousDays)
          let values = series.map { sample -> String in
            guard available(sample.time, days: variable.previousDays) else { return "null" }
            return FakeFormat.number(
              units.convert(spec.value(sample), spec.quantity), decimals: decimals)
          }
          hourlyUnits.string(key(variable.name, model), units.label(spec.quantity))
          hourly.array(key(variable.name, model), values)
        }
      }
      object.raw("hourly_units", hourlyUnits.json)
      object.raw("hourly", hourly.json)
    }

    if !request.daily.isEmpty {
      var dailyUnits = JSONObjectText()
      var daily = JSONObjectText()
      dailyUnits.string("time", units.label(.time))
      let days = (0..<dayCount).map { first + Int64($0) }
      daily.array(
        "time",
        days.map {
          units.unixtime ? String($0 * 86_400 - Int64(offset)) : "\"" + FakeFormat.date($0) + "\""
        })
      let sun = days.map {
        Solar.sunriseSunset(
          noonGuess: $0 * 86_400 + 43_200, latitude: latitude, longitude: longitude)
      }
      for name in request.daily {
        let spec = FakeCatalogue.daily[name]!
        let astronomical = ["sunrise", "sunset", "daylight_duration"].contains(name)
        for model in request.models {
          let series =
            hourTimes == times
            ? samples(model, 0) : times.map { weather.sample(at: $0, perturbation(model, 0, $0)) }
          var values: [String] = []
          for (dayIndex, dayNumber) in days.enumerated() {
            let day = FakeCatalogue.Day(
              samples: Array(series[(dayIndex * 24)..<(dayIndex * 24 + 24)]),
              sunrise: sun[dayIndex].sunrise, sunset: sun[dayIndex].sunset)
            if !astronomical, kind == .archive, dayNumber > lastAvailableDay {
              values.append("null")
            } else if spec.quantity == .time {
              values.append(timeText(Int64(spec.value(day))))
            } else {
              let value = units.convert(spec.value(day), spec.quantity)
              values.append(FakeFormat.number(value, decimals: units.decimals(spec.quantity)))
            }
          }
          dailyUnits.string(key(name, model), units.label(spec.quantity))
          daily.array(key(name, model), values)
        }
      }
      object.raw("daily_units", dailyUnits.json)
      object.raw("daily", daily.json)
    }
    return object.json
  }

  // MARK: - Helpers

  /// The zone for a location: `auto` picks the nearest gazetteer city's zone (or `Etc/GMT±N`
  /// from the longitude far from any); anything else must be a known identifier.
  private func resolveZone(_ location: WeatherRequest.Location) throws(BadRequest) -> (
    String, TimeZone
  ) {
    var name = location.timezone
    if name == "auto" {
      if let place = Gazetteer.nearest(
        latitude: location.latitude, longitude: location.longitude, within: 1.5)
      {
        name = place.timezone
      } else {
        let hours = Int((location.longitude / 15).rounded())
        name = hours == 0 ? "GMT" : "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours))
      }
    }
    guard let zone = TimeZone(identifier: name) else {
      throw BadRequest(reason: "Invalid timezone")
    }
    return (name, zone)
  }

  /// A coordinate snapped to the model grid, without binary noise (`52.5`, not `52.50000001`).
  static func snap(_ value: Double, _ step: Double) -> Double {
    ((value / step).rounded() * step * 1_000_000).rounded() / 1_000_000
  }

  /// The elevation a request gets without `elevation=`: the gazetteer city's within 0.1°, else a
  /// smooth synthetic terrain (0–400 m).
  static func elevation(_ location: WeatherRequest.Location) -> Double {
    if let place = Gazetteer.nearest(
      latitude: location.latitude, longitude: location.longitude, within: 0.1),
      let elevation = place.elevation
    {
      return elevation
    }
    let terrain =
      150 + 250 * sin(location.latitude * 0.1) * cos(location.longitude * 0.07)
    return max(0, terrain.rounded())
  }
}
