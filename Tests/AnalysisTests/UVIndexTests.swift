import Testing

@testable import Analysis

@Suite struct UVIndexTests {
  /// (UV, half-up rounded)
  static let roundingCases: [(Double, Int)] = [
    (2.5, 3), (2.49, 2), (0.49999999999999994, 0), (0.5, 1), (10.5, 11), (0, 0), (-1.5, 0),
    (-0.4, 0), (7.5, 8), (11.49, 11),
  ]

  /// Half up: 2.5 → 3, 2.49 → 2, and negatives clamp to 0.
  @Test("the index rounds half up and clamps negatives to zero", arguments: roundingCases)
  func rounding(_ testCase: (Double, Int)) {
    #expect(UVIndex.roundedHalfUp(testCase.0) == testCase.1)
  }

  /// Non-finite indices never trap.
  @Test("rounding NaN gives 0 and infinity gives Int.max")
  func roundingNonFinite() {
    #expect(UVIndex.roundedHalfUp(.nan) == 0)
    #expect(UVIndex.roundedHalfUp(.infinity) == Int.max)
    #expect(UVIndex.roundedHalfUp(-.infinity) == 0)
  }

  /// (UV, WHO category) at every category edge, on the half-up rounded index.
  static let categoryCases: [(Double, UVCategory)] = [
    (-2, .low), (0, .low), (2.49, .low), (2.5, .moderate), (3, .moderate), (5.49, .moderate),
    (5.5, .high), (7.49, .high), (7.5, .veryHigh), (8, .veryHigh), (10.49, .veryHigh),
    (10.5, .extreme), (11, .extreme), (16, .extreme),
  ]

  /// WHO: 0–2 low, 3–5 moderate, 6–7 high, 8–10 very high, 11+ extreme.
  @Test("WHO categories change at the half-up rounded edges", arguments: categoryCases)
  func category(_ testCase: (Double, UVCategory)) {
    #expect(UVIndex.category(testCase.0) == testCase.1)
  }

  /// The printed names are the spec's, including the space in "very high".
  @Test("category names are low, moderate, high, very high, extreme")
  func categoryNames() {
    #expect(
      UVCategory.allCases.map(\.rawValue) == ["low", "moderate", "high", "very high", "extreme"])
  }

  // MARK: - Daily summary

  /// A hand-worked day: values at each rounding edge, a maximum reached twice.
  static let day: [(hour: Int, uv: Double?)] = {
    var values = [Double](repeating: 0, count: 24)
    let daylight: [Double] = [0.4, 1.2, 2.49, 2.5, 5.5, 7.49, 7.5, 8.2, 8.2, 6.0, 3.1, 1.0, 0.2]
    for (offset, value) in daylight.enumerated() { values[6 + offset] = value }
    return values.enumerated().map { (hour: $0.offset, uv: $0.element) }
  }()

  /// Max 8.2 first at 13:00; ≥ 3: 2.5…3.1 (8 hours); ≥ 6: 5.5…6.0 (6); ≥ 8: 7.5, 8.2, 8.2 (3);
  /// dose 0.9 × 53.78 = 48.402 SED.
  @Test("daily summary of a hand-worked day")
  func dailySummary() {
    let summary = UVIndex.dailySummary(Self.day)
    #expect(summary.max == 8.2)
    #expect(summary.maxHour == 13)
    #expect(summary.category == .veryHigh)
    #expect(summary.hoursAtLeast3 == 8)
    #expect(summary.hoursAtLeast6 == 6)
    #expect(summary.hoursAtLeast8 == 3)
    #expect(Approx.equal(summary.doseSED, 48.402, within: 1e-9))
  }

  /// A nil hour makes the dose unknown but leaves the other figures.
  @Test("a missing hour makes the dose nil")
  func missingHour() {
    var hours = Self.day
    hours[2].uv = nil
    let summary = UVIndex.dailySummary(hours)
    #expect(summary.doseSED == nil)
    #expect(summary.max == 8.2)
    #expect(summary.hoursAtLeast3 == 8)
  }

  /// A day with fewer entries than expected is incomplete; a 23-hour DST day is complete at 23.
  @Test("the dose needs every hour of the local day, 23 or 25 on DST days")
  func expectedHours() {
    let shortDay = Array(Self.day.dropFirst())
    #expect(UVIndex.dailySummary(shortDay).doseSED == nil)
    let dstDay = UVIndex.dailySummary(shortDay, expectedHours: 23)
    #expect(Approx.equal(dstDay.doseSED, 48.402, within: 1e-9))
    let longDay = Self.day + [(hour: 23, uv: 0)]
    #expect(UVIndex.dailySummary(longDay, expectedHours: 25).doseSED != nil)
    #expect(UVIndex.dailySummary(Self.day, expectedHours: 25).doseSED == nil)
  }

  /// With no value there is no maximum, hour or category, and the counts are 0.
  @Test("a day without values has no maximum and no dose")
  func emptyDay() {
    let summary = UVIndex.dailySummary((0..<24).map { (hour: $0, uv: nil) })
    #expect(
      summary
        == DailyUVSummary(
          max: nil, maxHour: nil, category: nil, hoursAtLeast3: 0, hoursAtLeast6: 0,
          hoursAtLeast8: 0, doseSED: nil))
  }
}
