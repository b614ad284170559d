import Foundation

/// Open-Meteo's quota accounting: a location counts max(1, n/10, days/14 · n/10) calls, where n
/// is the number of variables times models.
///
/// Source: open-meteo.com/en/terms ("requests with more than 10 variables or more than 2 weeks
/// of data count as multiple API calls").
public enum CallWeight {
  public static func perLocation(variables: Int, models: Int, days: Double) -> Double {
    let n = Double(variables * max(1, models))
    return max(1, n / 10, days / 14 * n / 10)
  }
}
