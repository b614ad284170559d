import SkycastKit

/// The SQL the sqlite3 shell runs as the baseline, identical to what `skycast` runs.
enum BenchQueries {
  /// `verify --by lead` over all forecasts against `era5` observations.
  static var verifyByLead: String {
    // Replaced by the verify command's own SQL text once it exists.
    "SELECT f.lead_hours, count(*) FROM hourly_forecasts f JOIN hourly_observations o ON o.city_id = f.city_id AND o.source = 'era5' AND o.valid_at = f.valid_at WHERE f.lead_hours >= 0 AND f.temperature_2m IS NOT NULL AND o.temperature_2m IS NOT NULL GROUP BY f.source, f.lead_hours ORDER BY f.source, f.lead_hours"
  }

  /// The rows `export hourly` writes, for the first `cityLimit` cities.
  static func export(cityLimit: Int) -> String {
    let variables = WeatherVariable.with(.hourlyForecast).map { "f." + $0.column }.joined(separator: ", ")
    return """
      SELECT c.name AS city, f.city_id, f.source, f.model, f.issued_at, f.valid_at, f.lead_hours, \(variables)
      FROM hourly_forecasts f JOIN cities c ON c.id = f.city_id WHERE f.city_id <= \(cityLimit)
      """
  }
}
