import SkycastModel
import Store

extension NowModel {
  /// The `now` view's data from the city's newest stored forecast (rows by `fetch_id`), or nil
  /// when no forecast is stored; the ensemble's ranges cover `listedDays` local days from today.
  /// With `asOf`, the newest forecast fetched at or before it.
  public static func read(
    from store: Store, city: City, now: Int64, listedDays: Int, asOf: Int64? = nil
  ) throws -> NowModel? {
    guard let fetch = try newestForecastFetch(in: store, cityID: city.id, asOf: asOf) else {
      return nil
    }
    // Hand-edited times far outside the calendar would make every date below meaningless.
    let fetchedAt = try StoredTime.check(fetch.requestedAt, column: "fetches.requested_at")
    var model = NowModel(city: city, fetchedAt: fetchedAt, now: now)
    let fetchID = StoreValue.integer(fetch.id)

    model.current = try store.withRows(
      """
      SELECT time, temperature_2m, apparent_temperature, relative_humidity_2m, precipitation,
        weather_code, wind_speed_10m, wind_direction_10m, wind_gusts_10m, uv_index, is_day
      FROM current_conditions WHERE fetch_id = ?
      """, arguments: [fetchID]
    ) { row -> Current? in
      guard try row.next(),
        let time = try StoredTime.check(row.int64(0), column: "current_conditions.time")
      else { return nil }
      var block = Current(time: time)
      block.temperature = row.double(1)
      block.apparentTemperature = row.double(2)
      block.relativeHumidity = row.double(3)
      block.precipitation = row.double(4)
      block.weatherCode = row.int64(5).map { Int($0) }
      block.windSpeed = row.double(6)
      block.windDirection = row.double(7)
      block.windGusts = row.double(8)
      block.uvIndex = row.double(9)
      block.isDay = row.int64(10).map { $0 != 0 }
      return block
    }

    // A collected run's fetch is its `dedupe`; `dedupe <> 0` lets SQLite use the partial index.
    model.hours = try store.withRows(
      """
      SELECT valid_at, temperature_2m, apparent_temperature, relative_humidity_2m,
        precipitation_probability, precipitation, weather_code, wind_speed_10m, wind_direction_10m,
        wind_gusts_10m, uv_index, is_day
      FROM forecast_hours WHERE dedupe = ? AND dedupe <> 0 AND city_id = ? ORDER BY valid_at
      """, arguments: [fetchID, .integer(city.id)]
    ) { hourly in
      var hours: [Hour] = []
      while try hourly.next() {
        guard let time = try StoredTime.check(hourly.int64(0), column: "hourly_forecasts.valid_at")
        else { continue }
        var hour = Hour(time: time)
        hour.temperature = hourly.double(1)
        hour.apparentTemperature = hourly.double(2)
        hour.relativeHumidity = hourly.double(3)
        hour.precipitationProbability = hourly.double(4)
        hour.precipitation = hourly.double(5)
        hour.weatherCode = hourly.int64(6).map { Int($0) }
        hour.windSpeed = hourly.double(7)
        hour.windDirection = hourly.double(8)
        hour.windGusts = hourly.double(9)
        hour.uvIndex = hourly.double(10)
        hour.isDay = hourly.int64(11).map { $0 != 0 }
        hours.append(hour)
      }
      return hours
    }

    model.days = try store.withRows(
      """
      SELECT date, weather_code, temperature_2m_max, temperature_2m_min, sunrise, sunset,
        precipitation_sum, precipitation_probability_max, uv_index_max, wind_speed_10m_max,
        wind_gusts_10m_max
      FROM daily_forecasts WHERE fetch_id = ? AND city_id = ? ORDER BY date
      """, arguments: [fetchID, .integer(city.id)]
    ) { daily in
      var days: [Day] = []
      while try daily.next() {
        guard let date = daily.text(0).flatMap({ LocalDate($0) }) else { continue }
        var day = Day(date: date)
        day.weatherCode = daily.int64(1).map { Int($0) }
        day.high = daily.double(2)
        day.low = daily.double(3)
        day.sunrise = try StoredTime.check(daily.int64(4), column: "daily_forecasts.sunrise")
        day.sunset = try StoredTime.check(daily.int64(5), column: "daily_forecasts.sunset")
        day.precipitationSum = daily.double(6)
        day.precipitationProbabilityMax = daily.double(7)
        day.uvIndexMax = daily.double(8)
        day.windSpeedMax = daily.double(9)
        day.windGustsMax = daily.double(10)
        days.append(day)
      }
      return days
    }
    model.ensembleDays = try ensembleDays(
      in: store, city: city, now: now, listedDays: listedDays, issuedBy: asOf)
    return model
  }

  /// The newest successful `forecast` fetch of a city: its id and request time. With several
  /// models in one request, the `best_match` row is preferred.
  /// With `asOf`, only fetches requested at or before it count (`now --at`).
  static func newestForecastFetch(in store: Store, cityID: Int64, asOf: Int64?) throws
    -> (id: Int64, requestedAt: Int64)?
  {
    try store.withRows(
      """
      SELECT id, requested_at FROM fetches
      WHERE city_id = ? AND source = ? AND status = 'ok' AND requested_at <= ?
      ORDER BY requested_at DESC, model = ? DESC, id DESC LIMIT 1
      """,
      arguments: [
        .integer(cityID), .text(FetchSource.forecast.fetchLogValue), .integer(asOf ?? Int64.max),
        .text(ModelName.bestMatch),
      ]
    ) { row in
      guard try row.next(), let id = row.int64(0), let requestedAt = row.int64(1) else {
        return nil
      }
      return (id, requestedAt)
    }
  }

  /// The 10–90 % member range of 2 m temperature per local day, for `listedDays` days from
  /// today on, of the city's latest ensemble fetch.
  static func ensembleDays(
    in store: Store, city: City, now: Int64, listedDays: Int, issuedBy: Int64? = nil
  ) throws -> [EnsembleDay] {
    let zone = city.zone
    let today = zone.localDate(now)
    let start = zone.startOfDay(today)
    let end = zone.startOfDay(today.adding(days: listedDays))
    var days: [EnsembleDay] = []
    for step in try store.latestEnsemble(
      cityID: city.id, variable: .temperature2m, range: start..<end, issuedBy: issuedBy)
    {
      guard let low = step.quantile(0.1), let high = step.quantile(0.9) else { continue }
      let date = zone.localDate(step.validAt)
      if let last = days.last, last.date == date {
        days[days.count - 1].low = min(last.low, low)
        days[days.count - 1].high = max(last.high, high)
      } else {
        days.append(EnsembleDay(date: date, low: low, high: high))
      }
    }
    return days
  }
}
