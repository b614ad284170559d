import SkycastModel
import Store
import Verify

/// The SQL the sqlite3 shell runs as the baseline, identical to what `skycast` runs.
enum BenchQueries {
  /// `verify --by lead` over all forecasts against `era5` observations: the verify command's own
  /// statement, as a `sqlite3` script (`.parameter set` lines, then the SQL).
  static var verifyByLead: String {
    VerifySQL.scores(VerifyRequest(observationSource: FetchSource.era5.rawValue, groupBy: [.lead]))
      .shellScript
  }

  /// The rows `export hourly` writes, for the first `cityLimit` cities.
  static func export(cityLimit: Int) -> String {
    let variables = WeatherVariable.with(.hourlyForecast).map { "f." + $0.column }.joined(
      separator: ", ")
    return """
      SELECT c.name AS city, f.city_id, f.source, f.model, f.issued_at, f.valid_at, f.lead_hours, \(variables)
      FROM hourly_forecasts f JOIN cities c ON c.id = f.city_id WHERE f.city_id <= \(cityLimit)
      """
  }
}
