import Testing

@testable import Export

@Suite struct RangeBarTests {
  /// The day's span is drawn against the period's min…max in exactly `width` columns.
  @Test(
    "bars span the day's range within the period",
    arguments: [
      (0.0, 10.0, 0.0, 10.0, 10, "━━━━━━━━━━"),
      (0.0, 1.0, 0.0, 10.0, 10, "━·········"),
      (9.0, 10.0, 0.0, 10.0, 10, "·········━"),
      (2.5, 5.5, 0.0, 10.0, 10, "··━━━━····"),
      (5.0, 5.0, 0.0, 10.0, 10, "·····━····"),
      (10.0, 10.0, 0.0, 10.0, 10, "·········━"),
      (0.0, 0.0, 0.0, 10.0, 10, "━·········"),
      (-3.0, 4.0, -3.0, 12.0, 5, "━━━··"),
      (6.0, 2.0, 0.0, 10.0, 5, "·━━··"),
      (-20.0, 40.0, 0.0, 10.0, 4, "━━━━"),
      (3.0, 3.0, 3.0, 3.0, 6, "━━━━━━"),
      (1.0, 2.0, 0.0, 10.0, 1, "━"),
      (1.0, 2.0, 0.0, 10.0, 0, ""),
      (Double.nan, 2.0, 0.0, 10.0, 3, "···"),
      (3.0, 12.0, -1.0, 12.0, 13, "····━━━━━━━━━"),
      (-1.0, 8.0, -1.0, 12.0, 13, "━━━━━━━━━····"),
    ] as [(Double, Double, Double, Double, Int, String)])
  func bars(
    low: Double, high: Double, periodMin: Double, periodMax: Double, width: Int, expected: String
  ) {
    let bar = RangeBar.render(
      low: low, high: high, periodMin: periodMin, periodMax: periodMax, width: width, ascii: false)
    #expect(bar == expected)
    #expect(DisplayWidth.of(bar) == max(width, 0))
  }

  @Test("ASCII bars use = on a - track")
  func ascii() {
    #expect(
      RangeBar.render(low: 2.5, high: 5.5, periodMin: 0, periodMax: 10, width: 10, ascii: true)
        == "--====----")
  }
}
