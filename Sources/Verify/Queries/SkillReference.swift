import Analysis
import SkycastModel

/// The reference forecast of `--skill`.
public enum SkillReference: String, Sendable, CaseIterable {
  /// The observation at issue time used as the forecast (hourly: the observed value at
  /// `valid_at = issued_at`; daily: the day before the local issue date, the last complete day).
  case persistence
  /// The mean observation of the same city, local calendar month and local hour (daily: month)
  /// over the selected period (all stored observations without `--from/--to`).
  case climatology
}
