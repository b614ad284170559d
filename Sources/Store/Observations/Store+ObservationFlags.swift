internal import SQLiteKit
import SkycastModel

/// Flags on stored observation values (`import observations --keep-suspect`).
extension Store {
  /// Marks the value of `variable` at `validAt` (hourly) or `date` (daily) of `source` for
  /// `cityID` as flagged by its provider. Call inside a write transaction.
  public func flagObservation(
    cityID: Int64, source: FetchSource, variable: WeatherVariable, validAt: Int64? = nil,
    date: LocalDate? = nil, flag: String
  ) throws {
    try database.run(
      """
      INSERT OR REPLACE INTO observation_flags (city_id, source, variable, valid_at, date, flag)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(cityID), .text(source.rawValue), .text(variable.column), .integer(validAt ?? 0),
        .text(date?.description ?? ""), .text(flag),
      ])
  }

  /// Removes the flag on one value (a good value now stands there); true when there was one.
  @discardableResult
  public func clearObservationFlag(
    cityID: Int64, source: FetchSource, variable: WeatherVariable, validAt: Int64? = nil,
    date: LocalDate? = nil
  ) throws -> Bool {
    try database.run(
      """
      DELETE FROM observation_flags
      WHERE city_id = ? AND source = ? AND variable = ? AND valid_at = ? AND date = ?
      """,
      [
        .integer(cityID), .text(source.rawValue), .text(variable.column), .integer(validAt ?? 0),
        .text(date?.description ?? ""),
      ])
    return database.changes > 0
  }

  /// How many values of `source` for `cityID` are flagged.
  public func flaggedObservationCount(cityID: Int64, source: FetchSource) throws -> Int {
    Int(
      try database.scalarInt(
        "SELECT count(*) FROM observation_flags WHERE city_id = ? AND source = ?",
        [.integer(cityID), .text(source.rawValue)]) ?? 0)
  }

  /// How many stored values are flagged suspect by their provider (verify checks for flags only
  /// when there are any); trace values (flag `trace`, a true 0 too small to measure) are not
  /// suspect and do not count here.
  public func flaggedObservationCount() throws -> Int {
    Int(
      try database.scalarInt(
        "SELECT count(*) FROM observation_flags WHERE flag <> ?", [.text(Self.traceFlag)]) ?? 0)
  }

  /// How many stored values are flagged as a trace (stored as 0).
  public func traceObservationCount() throws -> Int {
    Int(
      try database.scalarInt(
        "SELECT count(*) FROM observation_flags WHERE flag = ?", [.text(Self.traceFlag)]) ?? 0)
  }

  /// The `observation_flags` flag of a trace precipitation stored as 0 (ASOS `T`, ISD-Lite −1,
  /// GHCNh trace code).
  public static let traceFlag = "trace"
}
