import SkycastModel
import Store

/// Which observation rows count, beyond the source: each city's default linked station
/// (`--obs station`) instead of one named source, and provider-flagged values left out. The one
/// place this SQL is written: the deterministic scores use it through `VerifySQL.obs` and
/// `VerifySQL.unflagged`, the row readers of `verify --ensemble` directly.
package struct ObservationFilter: Sendable, Equatable {
  /// The source is each city's default station's (`station_links`); the bound source is then
  /// the empty string, which no row has, for cities without one.
  package var fromLinks = false
  /// Leave out values flagged suspect in `observation_flags` (every flag but `trace`).
  package var excludeFlagged = false
  /// Leave out trace values (flag `trace`: precipitation too small to measure, stored as 0).
  package var excludeTrace = false

  package init(fromLinks: Bool = false, excludeFlagged: Bool = false, excludeTrace: Bool = false) {
    self.fromLinks = fromLinks
    self.excludeFlagged = excludeFlagged
    self.excludeTrace = excludeTrace
  }

  /// The observation source of the `station_links` row `sl`: `station:<provider>:<id>`.
  package static let linkedSource =
    "'\(FetchSource.stationPrefix)' || sl.provider || ':' || sl.station_id"

  /// The source expression a row of city `city` must match: the bound `parameter` (`?` or a
  /// named one), or with links the city's default station's source (a primary-key lookup).
  package func source(city: String, parameter: String = "?") -> String {
    guard fromLinks else { return parameter }
    return
      "coalesce((SELECT \(Self.linkedSource) FROM station_links AS sl WHERE sl.city_id = \(city) AND sl.is_default = 1), \(parameter))"
  }

  /// ` AND NOT EXISTS (…)` for the observation row `alias` with a flag on any of `variables`
  /// (hourly rows by `valid_at`, daily rows by `date`) of the kinds left out (suspect, trace),
  /// or nothing.
  package func unflagged(
    _ variables: [WeatherVariable], alias: String, daily: Bool = false
  ) -> String {
    guard excludeFlagged || excludeTrace else { return "" }
    let trace = "'\(Store.traceFlag)'"
    let which =
      excludeFlagged && excludeTrace
      ? "" : excludeFlagged ? " AND fl.flag <> \(trace)" : " AND fl.flag = \(trace)"
    let key =
      daily
      ? "fl.valid_at = 0 AND fl.date = \(alias).date"
      : "fl.valid_at = \(alias).valid_at AND fl.date = ''"
    let names = variables.map { "'\($0.column)'" }.joined(separator: ", ")
    return
      " AND NOT EXISTS (SELECT 1 FROM observation_flags AS fl WHERE fl.city_id = \(alias).city_id AND fl.source = \(alias).source AND fl.variable IN (\(names)) AND \(key)\(which))"
  }
}
