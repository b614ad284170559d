import Analysis
import Export
import SkycastModel
import Store

extension NowView {
  /// What the sections share: the model, the drawing options, and the choices derived once
  /// (the hour the strip starts at, today's row, the current values with their fallbacks).
  package struct Context {
    package let model: NowModel
    package let options: Options
    package let zone: CityTimeZone
    package let today: LocalDate
    /// Index in `model.hours` where the strip starts, nil without hourly rows.
    package let startHour: Int?
    /// True when the strip's first hour contains the current time.
    package let startsNow: Bool
    /// Index in `model.days` of the first day listed.
    package let firstDay: Int?

    package init(model: NowModel, options: Options) {
      self.model = model
      self.options = options
      zone = model.zone
      today = model.zone.localDate(model.now)
      func hour(containing instant: Int64) -> Int? {
        model.hours.lastIndex { $0.time <= instant && instant < $0.time + 3600 }
      }
      if let index = hour(containing: model.now) {
        startHour = index
        startsNow = true
      } else {
        startHour =
          model.current.flatMap { hour(containing: $0.time) } ?? (model.hours.isEmpty ? nil : 0)
        startsNow = false
      }
      if let index = model.days.firstIndex(where: { $0.date == model.zone.localDate(model.now) }) {
        firstDay = index
      } else {
        let anchor = model.zone.localDate(model.current?.time ?? model.fetchedAt)
        firstDay = model.days.firstIndex { $0.date >= anchor } ?? (model.days.isEmpty ? nil : 0)
      }
    }

    package var ascii: Bool { options.ascii }
    package var degree: String { ascii ? "" : "°" }

    /// The hour the strip starts at.
    package var focusHour: NowModel.Hour? { startHour.map { model.hours[$0] } }

    /// The first listed day: today when the forecast has it.
    package var referenceDay: NowModel.Day? { firstDay.map { model.days[$0] } }

    /// `today`, or `Sun 26` for another day.
    package func dayWord(_ date: LocalDate) -> String { date == today ? "today" : dayName(date) }

    /// `Sun 26`.
    package func dayName(_ date: LocalDate) -> String { "\(date.weekdayName) \(date.day)" }

    // MARK: Current values

    /// The current block while it is at most this many seconds from the clock; older
    /// conditions (a forecast fetched late last night, shown in the morning) are no longer
    /// "now", so the header switches to the hourly forecast for the present hour.
    package static let currentMaximumAge: Int64 = 3600

    /// The newest forecast is called out as old beyond this age.
    package static let oldForecastAge: Int64 = 86_400

    /// The current block when it still describes now.
    package var freshCurrent: NowModel.Current? {
      guard let current = model.current,
        abs((model.now - current.time)) <= Self.currentMaximumAge
      else { return nil }
      return current
    }

    /// The stale current block, used only when no hourly row can stand in for it.
    package var staleCurrent: NowModel.Current? {
      freshCurrent == nil && focusHour == nil ? model.current : nil
    }

    /// The hour the header's values come from when the current block is not fresh: the
    /// strip's first hour (the present hour when the forecast covers it).
    package var headerHour: NowModel.Hour? { freshCurrent == nil ? focusHour : nil }

    /// Where the header's values come from, in words, when it is not the fresh current block:
    /// `hourly forecast for 05:00`, or with the day when that hour is not the present one.
    package var headerSource: String? {
      if freshCurrent != nil { return nil }
      if let hour = headerHour {
        return startsNow
          ? "hourly forecast for \(clock(hour.time))"
          : "forecast for \(dayName(zone.localDate(hour.time))) \(clock(hour.time)), not now"
      }
      if let current = staleCurrent {
        return
          "conditions at \(dayName(zone.localDate(current.time))) \(clock(current.time)), not now"
      }
      return nil
    }

    /// True when the newest forecast was fetched more than a day ago.
    package var isOld: Bool { model.now - model.fetchedAt > Self.oldForecastAge }

    /// A value of the fresh current block, else of the header's hour, else of the stale block.
    private func now<T>(
      _ current: KeyPath<NowModel.Current, T?>, _ hour: KeyPath<NowModel.Hour, T?>
    ) -> T? {
      if let fresh = freshCurrent {
        return fresh[keyPath: current] ?? focusHour?[keyPath: hour]
      }
      if let headerHour { return headerHour[keyPath: hour] }
      return staleCurrent?[keyPath: current]
    }

    package var nowTemperature: Double? { now(\.temperature, \.temperature) }
    package var nowWeatherCode: Int? { now(\.weatherCode, \.weatherCode) }
    package var nowIsDay: Bool {
      if let isDay = now(\.isDay, \.isDay) { return isDay }
      return isDaylight(freshCurrent?.time ?? headerHour?.time ?? staleCurrent?.time ?? model.now)
    }
    package var nowHumidity: Double? { now(\.relativeHumidity, \.relativeHumidity) }
    package var nowWindSpeed: Double? { now(\.windSpeed, \.windSpeed) }
    package var nowWindDirection: Double? { now(\.windDirection, \.windDirection) }
    package var nowWindGusts: Double? { now(\.windGusts, \.windGusts) }
    package var nowUV: Double? { now(\.uvIndex, \.uvIndex) }
    package var nowApparent: Double? { now(\.apparentTemperature, \.apparentTemperature) }

    /// How the feels-like temperature was found, in words for the header and for the module.
    package enum FeelsMethod {
      case windChill, heatIndex, airTemperature, apparent

      /// After the header's `feels like 17°`: nothing when it is simply the air temperature.
      package var headerNote: String? {
        switch self {
        case .windChill: "with the wind"
        case .heatIndex: "with the humidity"
        case .airTemperature, .apparent: nil
        }
      }

      /// After the module's value, naming the method.
      package var moduleNote: String {
        switch self {
        case .windChill: "with the wind (NWS wind chill)"
        case .heatIndex: "with the humidity (NWS heat index)"
        case .airTemperature: "as the air: no wind chill or heat index"
        case .apparent: "(Open-Meteo apparent temperature)"
        }
      }
    }

    /// Feels-like now: the NWS definition (wind chill, heat index or the air temperature) when
    /// temperature, humidity and wind are known, else Open-Meteo's stored apparent temperature;
    /// each with its method, since the two differ.
    package var feelsLike: (value: Double, method: FeelsMethod)? {
      if let temperature = nowTemperature, let humidity = nowHumidity, let wind = nowWindSpeed {
        if let chill = FeelsLike.windChill(temperature: temperature, windSpeed: wind) {
          return (chill, .windChill)
        }
        if let heat = FeelsLike.heatIndex(temperature: temperature, relativeHumidity: humidity) {
          return (heat, .heatIndex)
        }
        return (temperature, .airTemperature)
      }
      return nowApparent.map { ($0, .apparent) }
    }

    /// Between the day's sunrise and sunset when known, else 06:00–18:00 local time.
    package func isDaylight(_ instant: Int64) -> Bool {
      let local = zone.local(instant)
      if let day = model.days.first(where: { $0.date == local.date }), let rise = day.sunrise,
        let set = day.sunset
      {
        return instant >= rise && instant < set
      }
      return (6..<18).contains(local.hour)
    }

    // MARK: Formatting

    /// A temperature with `decimals` places and the degree sign (U+2212 for minus unless ASCII).
    package func temperature(_ value: Double, decimals: Int = 0) -> String {
      Sparkline.label(value, decimals: decimals, ascii: ascii) + degree
    }

    /// A WMO symbol, Unicode or METAR-style ASCII.
    package func symbol(_ code: Int, isDay: Bool) -> String {
      ascii ? WeatherCode.asciiSymbol(code, isDay: isDay) : WeatherCode.symbol(code, isDay: isDay)
    }

    /// `2026-03-20 06:00` in the city's zone.
    package func localTime(_ instant: Int64) -> String {
      WallClock.spreadsheetTime(epoch: instant, offset: zone.offset(at: instant))
    }

    /// `06:00` in the city's zone.
    package func clock(_ instant: Int64) -> String {
      String(localTime(instant).suffix(5))
    }
  }
}
