import Testing

@testable import Import

/// `DecimalText.parse(bytes:)` gives exactly the `Double` (or nil) that `DecimalText.parse`
/// gives for the same text.
@Suite struct DecimalTextBytesTests {
  static func byteValue(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { DecimalText.parse(bytes: $0) }
  }

  static func same(_ first: Double?, _ second: Double?) -> Bool {
    switch (first, second) {
    case (nil, nil): true
    case (let a?, let b?): a.bitPattern == b.bitPattern
    default: false
    }
  }

  @Test(
    "edge cases parse as the String parser does",
    arguments: [
      "0", "-0", "+0", "-0.0", "0.000", "+3", "-6.2", ".5", "-.5", "1.", "1.5e3", "1.5E-3", "1e22",
      "1e23", "1e-22", "1e-23", "123456789012345", "1234567890123456", "12345678901234567890",
      "0.1", "0.30000000000000004", "9007199254740993", "4.9e-324", "1.7976931348623157e308",
      "1e400", "1e-400", "000000000000000000001.5", "1.50000000000000000000", "0e999999999",
      "", "-", "+", ".", "e5", "1e", "1e+", "1e-", "1.2.3", "0x10", "0x1p-2", "inf", "nan",
      "1,5", " 1", "1 ", "--1", "1e5.5", "١٢",
    ])
  func edgeCases(text: String) {
    #expect(Self.same(Self.byteValue(text), DecimalText.parse(text)), "\(text)")
  }

  @Test("300 000 generated decimals parse to the same bits")
  func generated() {
    var state: UInt64 = 2026
    func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    var checked = 0
    for _ in 0..<300_000 {
      var text = ["", "-", "+"][Int(next(3))]
      let integerDigits = Int(next(9))
      for _ in 0..<integerDigits { text += String(next(10)) }
      if next(4) != 0 {
        text += "."
        for _ in 0..<Int(next(19)) { text += String(next(10)) }
      }
      if next(6) == 0 {
        text += ["e", "E"][Int(next(2))] + ["", "-", "+"][Int(next(3))] + String(next(40))
      }
      if Self.same(Self.byteValue(text), DecimalText.parse(text)) {
        checked += 1
      } else {
        Issue.record(
          "\(text): \(String(describing: Self.byteValue(text))) vs \(String(describing: DecimalText.parse(text)))"
        )
        return
      }
    }
    #expect(checked == 300_000)
  }
}
