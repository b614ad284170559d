/// How much of a file a streaming reader holds before it hands rows out.
///
/// Station files are in time order, so an hour is finished once reports well past it have
/// been read; `.bounded` hands it out then and keeps only the last `lag` seconds. A report for
/// an hour already handed out (a file out of order) marks the reading unsorted, and the caller
/// reads the file again `.whole` (every row held to the end, as the whole-file readers did).
public enum StationWindow: Sendable, Equatable {
  /// Rows are handed out once reports `lag` seconds past their hour (or day) were read.
  case bounded(lag: Int64)
  /// Rows are handed out at the end only.
  case whole

  /// Two days: more than any real file's disorder (DWD's MEZ hour, a late special report).
  public static let standard = StationWindow.bounded(lag: 2 * 86_400)
}
