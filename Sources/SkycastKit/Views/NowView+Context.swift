extension NowView {
  /// What the sections share: the model, the drawing options, and the choices derived once
  /// (the hour the strip starts at, today's row, the current values with their fallbacks).
  struct Context {
    let model: NowModel
    let options: Options
    let zone: CityTimeZone
    let today: LocalDate
    /// Index in `model.hours` where the strip starts, nil without hourly rows.
    let startHour: Int?
    /// True when the strip's first hour contains the current time.
    let startsNow: Bool
    /// Index in `model.days` of the first day listed.
    let firstDay: Int?

    init(model: NowModel, options: Options) {
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

    var ascii: Bool { options.ascii }
    var degree: String { ascii ? "" : "°" }

    /// The hour the strip starts at.
    var focusHour: NowModel.Hour? { startHour.map { model.hours[$0] } }

    /// The first listed day: today when the forecast has it.
    var referenceDay: NowModel.Day? { firstDay.map { model.days[$0] } }

    /// `today`, or `Sun 26` for another day.
    func dayWord(_ date: LocalDate) -> String { date == today ? "today" : dayName(date) }

    /// `Sun 26`.
    func dayName(_ date: LocalDate) -> String { "\(date.weekdayName) \(date.day)" }

    // MARK: Current values (the current block, else the strip's first hour)

    var nowTemperature: Double? { model.current?.temperature ?? focusHour?.temperature }
    var nowWeatherCode: Int? { model.current?.weatherCode ?? focusHour?.weatherCode }
    var nowIsDay: Bool {
      if let isDay = model.current?.isDay ?? focusHour?.isDay { return isDay }
      return isDaylight(model.current?.time ?? focusHour?.time ?? model.now)
    }
    var nowHumidity: Double? { model.current?.relativeHumidity ?? focusHour?.relativeHumidity }
    var nowWindSpeed: Double? { model.current?.windSpeed ?? focusHour?.windSpeed }
    var nowWindDirection: Double? { model.current?.windDirection ?? focusHour?.windDirection }
    var nowWindGusts: Double? { model.current?.windGusts ?? focusHour?.windGusts }
    var nowUV: Double? { model.current?.uvIndex ?? focusHour?.uvIndex }
    var nowApparent: Double? {
      model.current?.apparentTemperature ?? focusHour?.apparentTemperature
    }

    /// Feels-like now: the NWS definition (wind chill, heat index or the air temperature) when
    /// temperature, humidity and wind are known, else Open-Meteo's stored apparent temperature;
    /// each with the method's name, since the two differ.
    var feelsLike: (value: Double, method: String)? {
      if let temperature = nowTemperature, let humidity = nowHumidity, let wind = nowWindSpeed {
        if let chill = FeelsLike.windChill(temperature: temperature, windSpeed: wind) {
          return (chill, "NWS wind chill")
        }
        if let heat = FeelsLike.heatIndex(temperature: temperature, relativeHumidity: humidity) {
          return (heat, "NWS heat index")
        }
        return (temperature, "NWS: air temperature")
      }
      return nowApparent.map { ($0, "Open-Meteo apparent temperature") }
    }

    /// Between the day's sunrise and sunset when known, else 06:00–18:00 local time.
    func isDaylight(_ instant: Int64) -> Bool {
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
    func temperature(_ value: Double, decimals: Int = 0) -> String {
      Sparkline.label(value, decimals: decimals, ascii: ascii) + degree
    }

    /// A WMO symbol, Unicode or METAR-style ASCII.
    func symbol(_ code: Int, isDay: Bool) -> String {
      ascii ? WeatherCode.asciiSymbol(code, isDay: isDay) : WeatherCode.symbol(code, isDay: isDay)
    }

    /// `2026-03-20 06:00` in the city's zone.
    func localTime(_ instant: Int64) -> String {
      WallClock.spreadsheetTime(epoch: instant, offset: zone.offset(at: instant))
    }

    /// `06:00` in the city's zone.
    func clock(_ instant: Int64) -> String {
      String(localTime(instant).suffix(5))
    }
  }
}
