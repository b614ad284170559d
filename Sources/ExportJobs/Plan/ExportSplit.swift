import SkycastModel

/// How an export is split into several files (`--split-by`).
public enum ExportSplit: String, Sendable, CaseIterable {
  /// One part per city.
  case city
  /// One part per local month (`YYYY-MM` of the row's local date).
  case month
}
