/// How far ahead of its issue a forecast value is: the one definition of `lead_hours`,
/// `lead_days` and the lead day that `verify --by lead-day` groups by.
public enum LeadTime {
  /// Whole hours from `issued` to `valid`, rounded down: `lead_hours`. Floor, not truncation, so
  /// a valid time 30 minutes before the issue hour (half-hour zones such as Asia/Kolkata, whose
  /// local hours fall at :30 UTC) is lead −1, not 0, and never passes a `lead_hours >= 0` filter.
  @inline(__always)
  public static func hours(valid: Int64, issued: Int64) -> Int64 {
    WallClock.floorDivide(WallClock.subtracting(valid, issued), 3600).quotient
  }

  /// `hours(valid:issued:)` as SQL over two integer epoch-second expressions, floored the same
  /// way (SQLite's `%` keeps the dividend's sign, so the remainder is brought into 0…3599).
  public static func hoursSQL(valid: String, issued: String) -> String {
    let difference = "(\(valid) - \(issued))"
    return "(\(difference) - (\(difference) % 3600 + 3600) % 3600) / 3600"
  }

  /// The lead day of an hourly lead, ⌊lead_hours / 24⌋: toward −∞, so the past hours that
  /// `--include-past` keeps fall in day −1, not 0.
  @inline(__always)
  public static func day(hours: Int64) -> Int64 {
    WallClock.floorDivide(hours, 24).quotient
  }

  /// `day(hours:)` as SQL over the integer column `column` (SQLite's integer division
  /// truncates toward zero, so negative leads need their own branch).
  public static func daySQL(hours column: String) -> String {
    "CASE WHEN \(column) >= 0 THEN \(column) / 24 ELSE (\(column) - 23) / 24 END"
  }

  /// `lead_days` of a daily forecast: its local date minus the local date of its issue.
  public static func days(issueDate: LocalDate, date: LocalDate) -> Int64 {
    Int64(issueDate.days(to: date))
  }

  /// The issue time of a value that was forecast `days` whole days before `valid` (the
  /// Previous Runs API's `_previous_dayN` columns).
  public static func issued(valid: Int64, daysBefore days: Int) -> Int64 {
    WallClock.subtracting(valid, Int64(days) * 86_400)
  }
}
