/// A row writer was used out of order or given a row of the wrong width.
public enum RowWriterError: Error, Equatable, CustomStringConvertible {
  /// `write(_:)` or `finish()` came before `begin(columns:)`.
  case notBegun
  /// A row had `actual` cells where the columns number `expected`.
  case cellCount(expected: Int, actual: Int)

  public var description: String {
    switch self {
    case .notBegun: "rows were written before the columns were given"
    case .cellCount(let expected, let actual): "a row has \(actual) cells for \(expected) columns"
    }
  }
}
