/// The shape of tabular output: every command with rows (export, verify, summary, report, sql)
/// describes its columns once and streams cells to a `RowWriter`.
public struct Column: Sendable, Equatable {
  /// How a column's values are printed.
  public enum Kind: Sendable, Equatable {
    /// Free text (names, codes as text). Neutralised against formulas in `--excel` CSV.
    case text
    /// Whole numbers (ids, counts, hours).
    case integer
    /// A measured value rounded to `decimals` places (half away from zero, `-0.0` as `0.0`).
    case measure(decimals: Int)
    /// A statistic: shortest round-trip text in CSV/JSON, 3 decimals in tables.
    case score
    /// An instant (UTC epoch seconds) shown in local time with its offset.
    case instant
    /// A local date `YYYY-MM-DD`, or a month `YYYY-MM`, passed through as text.
    case date
    /// Whatever SQLite returned (the `sql` command and reports): integers as integers, reals
    /// unrounded, text as text.
    case dynamic
  }

  public var name: String
  public var kind: Kind
  /// The canonical unit, shown in `--excel` headers as `name (unit)`; nil or empty for none.
  public var unit: String?
  /// True for a key column, which says which row is which (`lead_day`, `city`, `model`):
  /// `--columns` keeps it even when not named.
  public var isKey: Bool

  public init(_ name: String, _ kind: Kind, unit: String? = nil, isKey: Bool = false) {
    self.name = name
    self.kind = kind
    self.unit = unit
    self.isKey = isKey
  }

  /// True for columns that tables right-align.
  public var isNumeric: Bool {
    switch kind {
    case .integer, .measure, .score: true
    default: false
    }
  }
}
