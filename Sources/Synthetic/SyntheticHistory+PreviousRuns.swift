import Analysis
import SkycastModel

extension SyntheticHistory {
  /// A Previous Runs API response (`timeformat=unixtime`) of `temperature_2m` for the local dates
  /// `from…to`: the day-0 column and `temperature_2m_previous_dayN` for N in `1...days`, each the
  /// truth plus an error that grows with N (seeded by place, hour and N), as the API serves the
  /// forecasts issued N days before.
  ///
  /// Related API documentation: <https://open-meteo.com/en/docs/previous-runs-api>
  public func previousRunsBody(place index: Int, from: LocalDate, to: LocalDate, days: Int)
    -> [UInt8]
  {
    let weather = weathers[index]
    let place = places[index]
    let zone = weather.zone
    let start = zone.startOfDay(from)
    let end = zone.startOfDay(to.adding(days: 1))
    var times: [Double] = []
    var columns = [[Double?]](repeating: [], count: days + 1)
    var time = start
    while time < end {
      times.append(Double(time))
      let truth = weather.hour(time).temperature
      var random = SplitMix64(
        seed: seed ^ SyntheticWeather.hash(place.name) ^ UInt64(bitPattern: time))
      for day in 0...days {
        let sigma = 0.3 + 0.25 * Double(day)
        columns[day].append(truth + 0.1 + sigma * random.nextGaussian())
      }
      time += 3600
    }
    var writer = BodyWriter()
    writer.header(place: place, offset: zone.offset(at: start), timezone: place.timezone)
    let names = (0...days).map { $0 == 0 ? "temperature_2m" : "temperature_2m_previous_day\($0)" }
    writer.key("hourly_units")
    writer.raw(
      "{" + (["\"time\":\"unixtime\""] + names.map { "\"\($0)\":\"°C\"" }).joined(separator: ",")
        + "},")
    writer.key("hourly")
    writer.raw("{\"time\":[")
    writer.raw(times.map { String(Int64($0)) }.joined(separator: ","))
    writer.raw("]")
    for (name, values) in zip(names, columns) {
      writer.raw(",\"\(name)\":[")
      for (position, value) in values.enumerated() {
        if position > 0 { writer.raw(",") }
        writer.number(value, decimals: 1)
      }
      writer.raw("]")
    }
    writer.raw("}}")
    return writer.bytes
  }
}
