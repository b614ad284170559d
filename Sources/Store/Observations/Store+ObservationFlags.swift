internal import SQLiteKit
import SkycastModel

/// Flags on stored observation values (`import observations --keep-suspect`).
extension Store {
  /// Marks the value of `variable` at `validAt` (hourly) or `date` (daily) of `source` for
  /// `cityID` as flagged by its provider. Call inside a write transaction.
  public func flagObservation(
    cityID: Int64, source: String, variable: WeatherVariable, validAt: Int64? = nil,
    date: LocalDate? = nil, flag: String
  ) throws {
    try database.run(
      """
      INSERT OR REPLACE INTO observation_flags (city_id, source, variable, valid_at, date, flag)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(cityID), .text(source), .text(variable.column), .integer(validAt ?? 0),
        .text(date?.description ?? ""), .text(flag),
      ])
  }

  /// How many stored values are flagged (verify checks for flags only when there are any).
  public func flaggedObservationCount() throws -> Int {
    Int(try database.scalarInt("SELECT count(*) FROM observation_flags") ?? 0)
  }
}
