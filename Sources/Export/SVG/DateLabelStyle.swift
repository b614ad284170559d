import SkycastModel

/// How dates print on chart axes: `Mar 12` or `03-12`.
///
/// Month ticks always print `2026-03` and year ticks `2026`, in both styles. The month names are
/// English abbreviations, fixed in code rather than taken from a locale, so the output does not
/// depend on the machine.
public enum DateLabelStyle: Sendable, Equatable {
  /// `Mar 12`.
  case abbreviated
  /// `03-12` (month-day, the ISO 8601 order).
  case numeric

  /// English month abbreviations, January first.
  package static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// A day label: `Mar 12` or `03-12`.
  public func day(_ date: LocalDate) -> String {
    switch self {
    case .abbreviated: Self.monthNames[date.month - 1] + " " + String(date.day)
    case .numeric: LocalDate.pad(date.month, 2) + "-" + LocalDate.pad(date.day, 2)
    }
  }

  /// A month label: `2026-03`.
  public func month(_ date: LocalDate) -> String { date.monthText }

  /// Local wall time `YYYY-MM-DD HH:MM` of an instant, for tooltips.
  package static func wallText(epoch: Int64, offset: Int) -> String {
    let (days, second) = WallClock.floorDivide(epoch + Int64(offset), 86_400)
    let date = LocalDate(dayNumber: days)
    return date.description + " " + LocalDate.pad(Int(second / 3600), 2) + ":"
      + LocalDate.pad(Int(second % 3600 / 60), 2)
  }
}
