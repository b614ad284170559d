import Export
import SkycastModel
import Store

/// Reads `CitySeries` from the store.
public enum SeriesQuery {
  /// The hourly slots `range.lowerBound, +3600, …` before `range.upperBound`, each holding the
  /// value stored at that valid time; when that is missing, the first value stored at another
  /// minute of the hour (station data at :30) fills the slot.
  public static func hourly(
    store: Store, city: City, variable: WeatherVariable, series: ResolvedSeries,
    range: Range<Int64>
  ) throws -> CitySeries {
    let values = try store.hourlySlots(
      cityID: city.id, variable: variable, series: series, range: range)
    let count = values.count
    let instants = (0..<count).map { range.lowerBound + Int64($0) * 3600 }
    return CitySeries(city: city, variable: variable, instants: instants, dates: [], values: values)
  }

  /// One value per local date in `dates`.
  public static func daily(
    store: Store, city: City, variable: WeatherVariable, series: ResolvedSeries,
    dates: ClosedRange<LocalDate>
  ) throws -> CitySeries {
    let days = (0...dates.lowerBound.days(to: dates.upperBound)).map {
      dates.lowerBound.adding(days: $0)
    }
    let byDate = try store.dailyValues(
      cityID: city.id, variable: variable, series: series, dates: dates)
    return CitySeries(
      city: city, variable: variable, instants: [], dates: days, values: days.map { byDate[$0] })
  }
}
