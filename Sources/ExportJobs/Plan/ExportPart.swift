import SkycastModel

/// One part of a split export.
public enum ExportPart: Hashable, Sendable, Comparable {
  /// A city, by id.
  case city(Int64)
  /// A local month, `YYYY-MM`.
  case month(String)
}
