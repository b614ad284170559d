import Testing

@testable import Stations

/// `StationText.number`, the one decimal parser of every station file and list reader.
@Suite struct StationTextTests {
  @Test(
    "plain decimals parse",
    arguments: [
      ("-12.3", -12.3), ("84", 84), ("+5", 5), (".5", 0.5), ("5.", 5), ("0.0001", 0.0001),
      // Int64.max reads as 2^63, the nearest Double (written exactly: no literal warning).
      ("9223372036854775807", 9_223_372_036_854_775_808),
    ])
  func plain(text: String, value: Double) {
    #expect(StationText.number(Substring(text)) == value)
  }

  /// `Double("0x1A")` is 26 and `strtod` reads `1<NUL>5` as 1: neither may become a value.
  @Test(
    "hex, NUL, inf, nan, exponents and malformed signs or points are not numbers",
    arguments: [
      "0x1A", "0X1a", "1\u{0}5", "\u{0}", "inf", "-inf", "infinity", "nan", "NaN", "1e5", "1E5",
      "1.2.3", "--1", "+-1", "1-", "", "-", ".", " 1", "1 ", "١٢", "1,5",
      String(repeating: "9", count: 400),
    ])
  func refused(text: String) {
    #expect(StationText.number(Substring(text)) == nil, "\(text.debugDescription)")
  }
}
