internal import SQLiteKit
import SkycastModel

extension Store {
  /// The newest successful `forecast` fetch of a city: its id and request time. With several
  /// models in one request, the `best_match` row is preferred.
  /// With `asOf`, only fetches requested at or before it count (`now --at`).
  public func newestForecastFetch(cityID: Int64, asOf: Int64? = nil) throws -> (
    id: Int64, requestedAt: Int64
  )? {
    let row = try database.query(
      """
      SELECT id, requested_at FROM fetches
      WHERE city_id = ? AND source = 'forecast' AND status = 'ok' AND requested_at <= ?
      ORDER BY requested_at DESC, model = 'best_match' DESC, id DESC LIMIT 1
      """, [.integer(cityID), .integer(asOf ?? Int64.max)]
    ).first
    guard let row, let id = row[0].int64Value, let requestedAt = row[1].int64Value else {
      return nil
    }
    return (id, requestedAt)
  }

  /// The `now` view's data from the city's newest stored forecast (rows by `fetch_id`), or nil
  /// when no forecast is stored; the ensemble's ranges cover `listedDays` local days from today.
  /// With `asOf`, the newest forecast fetched at or before it.
  public func nowModel(city: City, now: Int64, listedDays: Int, asOf: Int64? = nil) throws
    -> NowModel?
  {
    guard let fetch = try newestForecastFetch(cityID: city.id, asOf: asOf) else { return nil }
    // Hand-edited times far outside the calendar would make every date below meaningless.
    let fetchedAt = try StoredTime.check(fetch.requestedAt, column: "fetches.requested_at")
    var model = NowModel(city: city, fetchedAt: fetchedAt, now: now)
    let fetchID: SQLiteValue = .integer(fetch.id)

    let current = try database.query(
      """
      SELECT time, temperature_2m, apparent_temperature, relative_humidity_2m, precipitation,
        weather_code, wind_speed_10m, wind_direction_10m, wind_gusts_10m, uv_index, is_day
      FROM current_conditions WHERE fetch_id = ?
      """, [fetchID])
    if let row = current.first,
      let time = try StoredTime.check(row[0].int64Value, column: "current_conditions.time")
    {
      var block = NowModel.Current(time: time)
      block.temperature = row[1].doubleValue
      block.apparentTemperature = row[2].doubleValue
      block.relativeHumidity = row[3].doubleValue
      block.precipitation = row[4].doubleValue
      block.weatherCode = row[5].int64Value.map { Int($0) }
      block.windSpeed = row[6].doubleValue
      block.windDirection = row[7].doubleValue
      block.windGusts = row[8].doubleValue
      block.uvIndex = row[9].doubleValue
      block.isDay = row[10].int64Value.map { $0 != 0 }
      model.current = block
    }

    // A collected run's fetch is its `dedupe`; `dedupe <> 0` lets SQLite use the partial index.
    let hourly = try database.prepare(
      """
      SELECT valid_at, temperature_2m, apparent_temperature, relative_humidity_2m,
        precipitation_probability, precipitation, weather_code, wind_speed_10m, wind_direction_10m,
        wind_gusts_10m, uv_index, is_day
      FROM forecast_hours WHERE dedupe = ? AND dedupe <> 0 AND city_id = ? ORDER BY valid_at
      """)
    try hourly.bind([fetchID, .integer(city.id)])
    while try hourly.step() {
      guard let time = try StoredTime.check(hourly.int64(0), column: "hourly_forecasts.valid_at")
      else { continue }
      var hour = NowModel.Hour(time: time)
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
      model.hours.append(hour)
    }

    let daily = try database.prepare(
      """
      SELECT date, weather_code, temperature_2m_max, temperature_2m_min, sunrise, sunset,
        precipitation_sum, precipitation_probability_max, uv_index_max, wind_speed_10m_max,
        wind_gusts_10m_max
      FROM daily_forecasts WHERE fetch_id = ? AND city_id = ? ORDER BY date
      """)
    try daily.bind([fetchID, .integer(city.id)])
    while try daily.step() {
      guard let date = daily.text(0).flatMap({ LocalDate($0) }) else { continue }
      var day = NowModel.Day(date: date)
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
      model.days.append(day)
    }
    model.ensembleDays = try ensembleDays(
      city: city, now: now, listedDays: listedDays, issuedBy: asOf)
    return model
  }
}

extension Store {
  /// The 10–90 % member range of 2 m temperature per local day, for `listedDays` days from
  /// today on, of the city's latest ensemble fetch.
  package func ensembleDays(city: City, now: Int64, listedDays: Int, issuedBy: Int64? = nil) throws
    -> [NowModel.EnsembleDay]
  {
    let zone = city.zone
    let today = zone.localDate(now)
    let start = zone.startOfDay(today)
    let end = zone.startOfDay(today.adding(days: listedDays))
    var days: [NowModel.EnsembleDay] = []
    for step in try latestEnsemble(
      cityID: city.id, variable: .temperature2m, range: start..<end, issuedBy: issuedBy)
    {
      guard let low = step.quantile(0.1), let high = step.quantile(0.9) else { continue }
      let date = zone.localDate(step.validAt)
      if let last = days.last, last.date == date {
        days[days.count - 1].low = min(last.low, low)
        days[days.count - 1].high = max(last.high, high)
      } else {
        days.append(NowModel.EnsembleDay(date: date, low: low, high: high))
      }
    }
    return days
  }
}
