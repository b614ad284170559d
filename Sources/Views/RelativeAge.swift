import SkycastModel

/// How long ago something happened, in the words of a weather app's "updated … ago" line.
public enum RelativeAge {
  /// `just now` (under a minute, or a time in the future), `1 min ago` … `59 min ago`,
  /// `1 hour ago` … `47 hours ago`, `2 days ago` … `59 days ago`, `2 months ago` …
  /// `23 months ago` (months of 30 days), then `2 years ago` (years of 365 days).
  public static func text(seconds: Int64) -> String {
    func plural(_ count: Int64, _ unit: String) -> String {
      "\(count) \(unit)\(count == 1 ? "" : "s") ago"
    }
    switch seconds {
    case ..<60: return "just now"
    case ..<3600: return "\(seconds / 60) min ago"
    case ..<(48 * 3600): return plural(seconds / 3600, "hour")
    case ..<(60 * 86_400): return plural(seconds / 86_400, "day")
    case ..<(730 * 86_400): return plural(seconds / (30 * 86_400), "month")
    default: return plural(seconds / (365 * 86_400), "year")
    }
  }
}

extension LocalDate {
  /// The day of the week, 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
  public var weekday: Int {
    Int(((dayNumber + 3) % 7 + 7) % 7)
  }

  /// `Mon`, `Tue`, … (English, as the rest of the output).
  public var weekdayName: String {
    ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday]
  }
}
