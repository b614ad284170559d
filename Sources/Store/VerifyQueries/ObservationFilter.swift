import SkycastModel

/// Which observation rows count, beyond the source: each city's default linked station
/// (`--obs station`) instead of one named source, and provider-flagged values left out. The
/// row readers of `verify --ensemble` take it; the SQL of the deterministic scores reads the
/// same two settings from `VerifyRequest` (`VerifySQL.obs`, `VerifySQL.unflagged`).
package struct ObservationFilter: Sendable, Equatable {
  /// The source is each city's default station's (`station_links`); the bound source is then
  /// the empty string, which no row has, for cities without one.
  package var fromLinks = false
  /// Leave out values flagged in `observation_flags`.
  package var excludeFlagged = false

  package init(fromLinks: Bool = false, excludeFlagged: Bool = false) {
    self.fromLinks = fromLinks
    self.excludeFlagged = excludeFlagged
  }

  /// The source expression a row of city `city` must match (`?` binds the named source).
  package func source(city: String) -> String {
    guard fromLinks else { return "?" }
    return
      "coalesce((SELECT 'station:' || sl.provider || ':' || sl.station_id FROM station_links AS sl WHERE sl.city_id = \(city) AND sl.is_default = 1), ?)"
  }

  /// ` AND NOT EXISTS (…)` for an hourly row `alias` with a flag on `variable`, or nothing.
  package func unflagged(_ variable: WeatherVariable, alias: String) -> String {
    guard excludeFlagged else { return "" }
    return
      " AND NOT EXISTS (SELECT 1 FROM observation_flags AS fl WHERE fl.city_id = \(alias).city_id AND fl.source = \(alias).source AND fl.variable = '\(variable.column)' AND fl.valid_at = \(alias).valid_at AND fl.date = '')"
  }
}
