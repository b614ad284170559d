/// When a line chart draws markers at its points.
public enum MarkerMode: Sendable, Equatable {
  /// At every point when the points are few and at least 10 px apart (lead-time charts);
  /// otherwise only at isolated points (dense hourly series).
  case automatic
  /// At every point.
  case always
  /// Only at isolated points, which would otherwise not show at all.
  case never
}
