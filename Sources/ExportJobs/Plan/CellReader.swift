import SkycastModel

/// How one output cell is read from the current row.
package enum CellReader: Sendable {
  /// The city's name (from the city id).
  case cityName
  /// The city's IANA zone name.
  case timezone
  /// Text, read fresh every row.
  case text(Int32)
  /// Text that repeats from row to row (source, model, dates): the `String` is reused while the
  /// bytes are unchanged.
  case repeatedText(Int32, slot: Int)
  /// An integer.
  case integer(Int32)
  /// A real (rounded by the column kind when written).
  case real(Int32)
  /// An instant, shown at the city's offset at that instant.
  case instant(Int32, slot: Int)
  /// The city's UTC offset, in hours, at the instant in a column.
  case offsetHours(Int32, slot: Int)
  /// The city's UTC offset, in hours, at local noon of the `YYYY-MM-DD` date in a column.
  case offsetHoursAtDate(Int32, slot: Int)
  /// The `YYYY-MM-DD` text of a local hour number's day (formatted here once per day rather
  /// than by SQLite for every row); `slot` is a repeated-text cache.
  case localDate(Int32, slot: Int)
  /// The hour of day (0–23) of a local hour number.
  case hourOfDay(Int32)
}
