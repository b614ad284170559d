/// One value in a row.
public enum Cell: Sendable, Equatable {
  case null
  case text(String)
  case integer(Int64)
  case number(Double)
  /// UTC epoch seconds and the local offset (seconds east of UTC) to show it in.
  case instant(epoch: Int64, offset: Int)
}
