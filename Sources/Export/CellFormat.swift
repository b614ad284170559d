import SkycastModel

/// How the writers print numeric cells, shared so CSV, JSON and tables agree.
///
/// | Column kind | `.integer` cell | `.number` cell |
/// |---|---|---|
/// | `.measure(d)` | `d` decimals | `d` decimals, rounded like SQLite `round()` |
/// | `.score` | the integer (tables: 3 decimals) | shortest round trip (tables: 3 decimals) |
/// | `.integer` | the integer | the integer when integral, else shortest |
/// | `.dynamic` (`sql`, reports) | the integer | shortest round trip (tables: 3 decimals) |
/// | others | the integer | shortest round trip |
///
/// An `.integer` cell in an `.instant` column is read as UTC epoch seconds at offset 0.
package enum CellFormat {
  /// Where the text goes: data formats keep full precision, tables show scores at 3 decimals.
  package enum Style {
    case data
    case table
  }

  /// Appends a `.number` cell's text. Returns false (nothing appended) for a non-finite value,
  /// which every format prints as missing.
  @inline(__always)
  package static func appendNumber(
    _ value: Double, kind: Column.Kind, style: Style, to buffer: inout [UInt8]
  ) -> Bool {
    switch kind {
    case .measure(let decimals):
      return NumberText.appendFixed(value, decimals: decimals, to: &buffer)
    case .score where style == .table, .dynamic where style == .table:
      return NumberText.appendFixed(value, decimals: 3, to: &buffer)
    case .integer:
      if value.rounded(.towardZero) == value && value.magnitude < 9.2e18 {
        NumberText.appendInteger(Int64(value), to: &buffer)
        return true
      }
      return NumberText.appendShortest(value, to: &buffer)
    default:
      return NumberText.appendShortest(value, to: &buffer)
    }
  }

  /// Appends an `.integer` cell's text.
  @inline(__always)
  package static func appendInteger(
    _ value: Int64, kind: Column.Kind, style: Style, to buffer: inout [UInt8]
  ) {
    switch kind {
    case .measure(let decimals):
      NumberText.appendFixed(Double(value), decimals: decimals, to: &buffer)
    case .score where style == .table:
      NumberText.appendFixed(Double(value), decimals: 3, to: &buffer)
    default:
      NumberText.appendInteger(value, to: &buffer)
    }
  }
}
