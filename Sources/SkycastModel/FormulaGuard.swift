/// Keeps spreadsheets from running text cells of an `--excel` file as formulas (CSV injection),
/// and takes the guard off again when such a file is imported.
///
/// A text cell gets a `'` in front when it starts with a formula trigger: `=`, `+`, `-`, `@`,
/// TAB or CR (OWASP's CSV-injection list; Excel evaluates all four operators), or their
/// full-width forms `＝ ＋ － ＠`, which East Asian input methods type and which Excel may
/// take for the ASCII operators.
///
/// A leading `'` does not help where a spreadsheet splits the cell: Excel and LibreOffice in
/// locales whose list separator is `;` read a comma-separated file at `;`, ignoring our quotes,
/// and a quote-unaware reader breaks lines at CR or LF and fields at TAB. LibreOffice 7.4 then
/// evaluates `x;=1+2` as the cells `x` and `=1+2` (= 3). So a `'` also goes between a `;`,
/// TAB, CR or LF and a trigger right after it (`x;'=1+2`). Commas need no guard: both programs
/// honour the quotes around a field that holds one (`",=1+2"` stays text).
///
/// ```swift
/// FormulaGuard.guarded("=1+2")      // "'=1+2"
/// FormulaGuard.guarded("x;=1+2")    // "x;'=1+2"
/// FormulaGuard.guarded("-6.2 °C")   // "'-6.2 °C"
/// FormulaGuard.unguarded("x;'=1+2") // "x;=1+2"
/// ```
public enum FormulaGuard {
  /// The guarded form of `text`.
  public static func guarded(_ text: String) -> String {
    let bytes = Array(text.utf8)
    guard let guarded = bytes.withUnsafeBufferPointer(guarded) else { return text }
    return String(decoding: guarded, as: UTF8.self)
  }

  /// The guarded bytes, or nil when the text needs no guard (nearly always).
  package static func guarded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var needed = startsWithTrigger(bytes, at: 0, leading: true)
    if !needed {
      for index in bytes.indices where isSeparator(bytes[index]) {
        if startsWithTrigger(bytes, at: index + 1, leading: false) {
          needed = true
          break
        }
      }
    }
    guard needed else { return nil }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 4)
    if startsWithTrigger(bytes, at: 0, leading: true) { result.append(quote) }
    for index in bytes.indices {
      result.append(bytes[index])
      if isSeparator(bytes[index]), startsWithTrigger(bytes, at: index + 1, leading: false) {
        result.append(quote)
      }
    }
    return result
  }

  /// `text` without the guards `guarded` adds: a leading `'` before a trigger, and a `'`
  /// between a separator and a trigger.
  public static func unguarded(_ text: String) -> String {
    let bytes = Array(text.utf8)
    guard bytes.contains(quote) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    bytes.withUnsafeBufferPointer { bytes in
      for index in bytes.indices {
        if bytes[index] == quote {
          let leading = index == 0 && startsWithTrigger(bytes, at: 1, leading: true)
          let afterSeparator =
            index > 0 && isSeparator(bytes[index - 1])
            && startsWithTrigger(bytes, at: index + 1, leading: false)
          if leading || afterSeparator { continue }
        }
        result.append(bytes[index])
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  // MARK: - Bytes

  private static let quote = UInt8(ascii: "'")

  /// `;`, TAB, CR and LF: where a spreadsheet reading the file another way starts a new cell.
  @inline(__always)
  package static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ";") || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  /// True when a formula trigger starts at `index`: `= + - @` or their full-width forms
  /// (U+FF1D, U+FF0B, U+FF0D, U+FF20: EF BC 9D/8B/8D, EF BC A0), and at the start of a cell
  /// (`leading`) also TAB and CR.
  @inline(__always)
  package static func startsWithTrigger(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, leading: Bool
  )
    -> Bool
  {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"):
      return true
    case 0x09, 0x0D:
      return leading
    case 0xEF:
      guard index + 2 < bytes.count, bytes[index + 1] == 0xBC else { return false }
      return [0x9D, 0x8B, 0x8D, 0xA0].contains(bytes[index + 2])
    default:
      return false
    }
  }
}
