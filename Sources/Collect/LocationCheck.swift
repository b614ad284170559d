import Foundation
import OpenMeteo
import SkycastModel

/// Checks one decoded location against the city it is meant for, before anything is stored, so
/// a reply that would break the history (repeated hours, another place, no data) fails that
/// city alone with a reason instead of aborting the batch or filing data under the wrong city.
public enum LocationCheck {
  /// How far the reply's grid point may lie from the city. Open-Meteo answers with the nearest
  /// cell of the model's grid (about 2–30 km for the global models, a little more when it picks
  /// a land cell on a coast), so 100 km is several cells even for the coarsest grid.
  public static let maximumGridDistanceKilometres = 100.0

  /// Why `location` must not be stored for `city`, or nil when it may.
  ///
  /// - Parameter models: the models whose columns count as requested data; nil for any.
  public static func problem(
    _ location: LocationBlock, for city: City, models: [String]?, at requestedAt: Int64
  ) -> String? {
    if let problem = orderProblem(location.hourly, city: city) { return problem }
    if let problem = orderProblem(location.daily, city: city) { return problem }
    if let latitude = location.latitude, let longitude = location.longitude {
      let distance = GreatCircle.kilometres(
        latitude, longitude, city.latitude, city.longitude)
      if !(distance <= maximumGridDistanceKilometres) {
        return "the reply's grid point \(coordinate(latitude)), \(coordinate(longitude)) is "
          + "\(Int(distance.rounded())) km from the city (more than "
          + "\(Int(maximumGridDistanceKilometres)) km): locations mixed up?"
      }
    }
    func wanted(_ key: SeriesKey) -> Bool { models?.contains(key.model) ?? true }
    let columns =
      (location.hourly?.columns.keys.filter(wanted).count ?? 0)
      + (location.daily?.columns.keys.filter(wanted).count ?? 0)
      + (location.current?.values.keys.filter(wanted).count ?? 0)
    if columns == 0 {
      guard let models else { return "the reply has none of the requested variables" }
      return "the reply has none of the requested variables for "
        + (models.count == 1 ? "model \(models[0])" : "models \(models.joined(separator: ", "))")
    }
    return nil
  }

  /// Times must rise strictly: a repeated or earlier hour (or date) would break the history's
  /// one-row-per-time rule.
  package static func orderProblem(_ series: SeriesBlock?, city: City) -> String? {
    guard let series else { return nil }
    let zone = city.zone
    for index in series.instants.indices.dropFirst()
    where series.instants[index] <= series.instants[index - 1] {
      let time = WallClock.iso8601(
        epoch: series.instants[index], offset: zone.offset(at: series.instants[index]))
      let what = series.instants[index] == series.instants[index - 1] ? "repeats" : "goes back to"
      return "the reply's hourly time \(what) \(time) (position \(index + 1))"
    }
    for index in series.dates.indices.dropFirst()
    where series.dates[index] <= series.dates[index - 1] {
      let what = series.dates[index] == series.dates[index - 1] ? "repeats" : "goes back to"
      return "the reply's daily date \(what) \(series.dates[index]) (position \(index + 1))"
    }
    return nil
  }

  /// Said when the reply's single UTC offset is not one the city's zone has around the request:
  /// the instants are still right (they are read with the reply's own offset), but the reply's
  /// daily dates are days of another zone. A warning, not a failure, since a self-hosted server
  /// may answer every request in one zone.
  public static func zoneWarning(_ location: LocationBlock, city: City, at requestedAt: Int64)
    -> String?
  {
    guard let identifier = city.timezone, let zone = CityTimeZone(identifier: identifier) else {
      return nil
    }
    var instants = [requestedAt]
    if let first = location.hourly?.instants.first { instants.append(first) }
    if let last = location.hourly?.instants.last { instants.append(last) }
    if instants.contains(where: { zone.offset(at: $0) == location.utcOffsetSeconds }) {
      return nil
    }
    return "the reply is for UTC offset \(WallClock.offsetText(location.utcOffsetSeconds))"
      + (location.timezone.map { " (\($0))" } ?? "") + ", but the city is in \(identifier) ("
      + WallClock.offsetText(zone.offset(at: requestedAt)) + ")"
  }

  package static func coordinate(_ value: Double) -> String {
    String(format: "%.2f", value)
  }
}
