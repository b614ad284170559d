/// The UV index: WHO categories and daily summaries.
///
/// Categories and hour counts use the index rounded half up, so 2.5 is `moderate` and 2.49 is
/// `low`.
public enum UVIndex {
  /// SED per UV-index-hour: UVI 1 = 25 mW/m² erythemal (WHO 2002), so one hour = 90 J/m² = 0.9 SED
  /// (1 SED = 100 J/m², CIE S 007).
  public static let sedPerIndexHour = 0.9

  /// The index rounded half up to a whole number (WHO 2002 reports the UV index as an integer).
  ///
  /// - Parameter uv: the UV index.
  /// - Returns: 2.5 → 3, 2.49 → 2; negative or NaN → 0; +∞ → `Int.max`.
  public static func roundedHalfUp(_ uv: Double) -> Int {
    guard uv > 0 else { return 0 }  // also NaN
    let rounded = uv.rounded(.toNearestOrAwayFromZero)
    return rounded < Double(Int.max) ? Int(rounded) : Int.max
  }

  /// The WHO exposure category of a UV index (WHO 2002, "Global Solar UV Index"), on the half-up
  /// rounded index: 0–2 low, 3–5 moderate, 6–7 high, 8–10 very high, 11+ extreme.
  ///
  /// - Parameter uv: the UV index (not rounded).
  /// - Returns: the category.
  public static func category(_ uv: Double) -> UVCategory {
    switch roundedHalfUp(uv) {
    case ..<3: .low
    case 3...5: .moderate
    case 6...7: .high
    case 8...10: .veryHigh
    default: .extreme
    }
  }

  /// Summarises one local day of hourly UV indices (WHO 2002 categories; dose in SED, CIE S 007).
  ///
  /// The maximum's hour is the first hour, in the order given, at the maximum. Hour counts use the
  /// half-up rounded index. The dose is 0.9 × Σ hourly UV (each hourly value taken as the mean
  /// over its hour), and is nil when any hour is missing: a nil value, or fewer than
  /// `expectedHours` entries.
  ///
  /// - Parameters:
  ///   - hours: the day's hours in chronological order, with their local hour (0–23).
  ///   - expectedHours: hours in the local day: 24, or 23 / 25 on a DST change.
  /// - Returns: the day's summary; `max`, `maxHour` and `category` are nil when no hour has a value.
  public static func dailySummary(_ hours: [(hour: Int, uv: Double?)], expectedHours: Int = 24)
    -> DailyUVSummary
  {
    var maximum: Double?
    var maximumHour: Int?
    var atLeast3 = 0
    var atLeast6 = 0
    var atLeast8 = 0
    var sum = 0.0
    var complete = hours.count >= expectedHours
    for (hour, value) in hours {
      guard let uv = value, uv.isFinite else {
        complete = false
        continue
      }
      if maximum.map({ uv > $0 }) ?? true {
        maximum = uv
        maximumHour = hour
      }
      let rounded = roundedHalfUp(uv)
      if rounded >= 3 { atLeast3 += 1 }
      if rounded >= 6 { atLeast6 += 1 }
      if rounded >= 8 { atLeast8 += 1 }
      sum += uv
    }
    return DailyUVSummary(
      max: maximum, maxHour: maximumHour, category: maximum.map(category),
      hoursAtLeast3: atLeast3, hoursAtLeast6: atLeast6, hoursAtLeast8: atLeast8,
      doseSED: complete ? sedPerIndexHour * sum : nil)
  }
}
