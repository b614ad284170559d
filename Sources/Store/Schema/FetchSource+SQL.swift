import SkycastModel

extension FetchSource {
  /// The source as an SQL string literal (`'forecast'`), for SQL that cannot bind it: a partial
  /// index's condition, the statements that must repeat that condition word for word for SQLite
  /// to match the index, and the schema's triggers and views. Everywhere else the source is a
  /// bound parameter.
  package var sqlLiteral: String { "'" + rawValue.replacing("'", with: "''") + "'" }
}
