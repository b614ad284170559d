import SkycastModel

/// Where `--split-by month` finds a row's local month.
package enum MonthSource: Sendable {
  /// The first 7 characters of a `YYYY-MM-DD` text column.
  case dateText(Int32)
  /// The local date of an instant column.
  case instant(Int32, slot: Int)
  /// The day of a local hour number column.
  case localHour(Int32)
}
