/// The small text rules every station reader shares, kept in one place so they agree.
enum StationText {
  /// `text` without leading and trailing spaces and tabs, and without a trailing CR (DWD's
  /// fields are space-padded; CR LF files leave the CR on a line's last field).
  static func trim(_ text: Substring) -> Substring {
    var start = text.startIndex
    var end = text.endIndex
    while start < end, text[start] == " " || text[start] == "\t" {
      start = text.index(after: start)
    }
    while end > start {
      let last = text.index(before: end)
      guard text[last] == " " || text[last] == "\t" || text[last] == "\r" else { break }
      end = last
    }
    return text[start..<end]
  }

  /// A plain decimal (`-12.3`, `84`, `+5`, `.5`); nil for anything else (`nan`, `inf`, hex
  /// `0x1A`, exponents, an embedded NUL `1<NUL>5`, a second sign or point, a number too long
  /// to be finite), so a provider's odd token is a line error rather than a silent value.
  /// Every station reader and list reader parses its decimals here; `Double(_:)` alone takes
  /// hex and `inf`, and C's `strtod` stops at a NUL.
  static func number(_ text: Substring) -> Double? {
    var digits = false
    var dot = false
    for (offset, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
      case UInt8(ascii: "."):
        if dot { return nil }
        dot = true
      case UInt8(ascii: "-"), UInt8(ascii: "+"): if offset != 0 { return nil }
      default: return nil
      }
    }
    guard digits, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// Rounds away floating-point noise of a unit conversion (4.400000000000001 → 4.4) and
  /// nothing else (six decimals keep 4 kt × 1.852 = 7.408).
  static func denoise(_ value: Double) -> Double {
    (value * 1_000_000).rounded() / 1_000_000
  }

  /// The fields of `line` between `separator`s (empty fields kept), split on UTF-8 bytes: a
  /// `Character`-wise split runs grapheme breaking over every byte, several times slower on
  /// the hundreds of megabytes of a station's period of record. Separators are ASCII.
  static func fields(_ line: Substring, _ separator: Unicode.Scalar) -> [Substring] {
    let byte = UInt8(separator.value)
    var result: [Substring] = []
    let utf8 = line.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == byte {
        result.append(line[start..<index])
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    result.append(line[start..<utf8.endIndex])
    return result
  }
}
