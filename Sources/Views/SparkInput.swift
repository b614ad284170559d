import SkycastModel

/// Reads the numbers `skycast spark -` gets on standard input.
///
/// Numbers are separated by whitespace, commas or newlines. A field between two commas or two
/// newlines that holds nothing is a gap, and so are `nan`, `null`, `none` and `na` (any case),
/// as written by spreadsheets, pandas and R; so `1,,3` and `1 nan 3` both have a gap in the
/// middle. Whitespace at the start and end of the input (a final newline) is ignored, as is a
/// UTF-8 byte order mark.
///
/// ```swift
/// try SparkInput.parse(Array("1 2\n\n4,null,5.25\n".utf8))
/// // values [1, 2, nil, 4, nil, 5.25], decimals 2
/// ```
public enum SparkInput {
  /// The values in order (nil for gaps) and the most decimals any number was written with (at
  /// most 6), which the labels use.
  public static func parse(_ bytes: [UInt8]) throws(SparkInputError) -> (
    values: [Double?], decimals: Int
  ) {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw SparkInputError(message: "spark -: no numbers on standard input")
    }
    var values: [Double?] = []
    var decimals = 0
    let fields = trimmed.split(omittingEmptySubsequences: false) {
      $0 == "," || $0 == "\n" || $0 == "\r\n"
    }
    for field in fields {
      let tokens = field.split { $0 == " " || $0 == "\t" || $0 == "\r" }
      if tokens.isEmpty {
        values.append(nil)
        continue
      }
      for token in tokens {
        switch token.lowercased() {
        case "nan", "null", "none", "na":
          values.append(nil)
          continue
        default: break
        }
        guard let value = Double(token) else {
          throw SparkInputError(
            message:
              "spark -: '\(token.prefix(40))' (value \(values.count + 1)) is not a number; write nan, null or an empty field for a gap"
          )
        }
        values.append(value.isFinite ? value : nil)
        decimals = max(decimals, fractionDigits(token))
      }
    }
    return (values, decimals)
  }

  /// Digits after the decimal point, before any exponent, at most 6.
  package static func fractionDigits(_ token: Substring) -> Int {
    guard let dot = token.firstIndex(of: ".") else { return 0 }
    let fraction = token[token.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
    return min(fraction.count, 6)
  }
}
