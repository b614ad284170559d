import Testing

@testable import Analysis
@testable import SkycastModel

/// A hand-worked March 2026 (mm):
///
/// | day | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12–16 | 17–24 | 25 | 26–31 |
/// |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
/// | mm | 0 | 0.09 | 0.1 | 0.9 | 1.0 | 9.99 | 10 | 0.3+0.6+0.1 | 20 | 19.99 | missing | 5 each | 0 | 2.5 | 0 |
///
/// Worked by hand: total 90.57; wet (≥ 1): days 5–10, 12–16, 25 = 12; R10mm: 7, 9, 10 = 3;
/// R20mm: 9 = 1; PRCPTOT 89.48; SDII 89.48/12; CDD: 17–24 = 8; CWD: 5–10 = 6 (11 breaks it);
/// Rx1day 20; Rx5day: days 6–10 = 60.98 (every window through day 11 is skipped).
/// With 0.1 mm: wet adds days 3, 4 = 14; PRCPTOT 90.48; CDD 8; CWD: 3–10 = 8.
@Suite struct PrecipitationIndicesTests {
  static func date(_ day: Int, month: Int = 3) -> LocalDate {
    LocalDate(year: 2026, month: month, day: day)!
  }

  /// Day 8 comes from hourly amounts 0.3 + 0.6 + 0.1 (and zeros), which binary floating point
  /// sums to 0.9999999999999999.
  static func march() -> [(date: LocalDate, mm: Double?)] {
    var hourly: [(date: LocalDate, mm: Double?)] = (0..<21).map { _ in (date: date(8), mm: 0) }
    hourly += [(date: date(8), mm: 0.3), (date: date(8), mm: 0.6), (date: date(8), mm: 0.1)]
    let day8 = PrecipitationIndices.dailyTotals(hourly: hourly, hoursInDay: { _ in 24 })[date(8)]
    var values: [Double?] = [0, 0.09, 0.1, 0.9, 1.0, 9.99, 10, day8 ?? nil, 20, 19.99, nil]
    values += [Double?](repeating: 5, count: 5) + [Double?](repeating: 0, count: 8)
    values += [2.5] + [Double?](repeating: 0, count: 6)
    return values.enumerated().map { (date: date($0.offset + 1), mm: $0.element) }
  }

  /// Every ETCCDI index of the hand-worked month.
  @Test("ETCCDI indices of a hand-worked month")
  func handWorkedMonth() throws {
    let days = Self.march()
    try #require(days.count == 31)
    let summary = PrecipitationIndices.summary(days: days)
    #expect(Approx.equal(summary.totalMM, 90.57, within: 1e-9))
    #expect(summary.wetDays == 12)
    #expect(summary.r10mm == 3)
    #expect(summary.r20mm == 1)
    #expect(Approx.equal(summary.prcptot, 89.48, within: 1e-9))
    #expect(Approx.equal(summary.sdii, 89.48 / 12, within: 1e-9))
    #expect(summary.cdd == 8)
    #expect(summary.cwd == 6)
    #expect(summary.rx1day == 20)
    #expect(Approx.equal(summary.rx5day, 60.98, within: 1e-9))
    #expect(summary.days == 31)
    #expect(summary.daysMissing == 1)
    #expect(summary.isETCCDI)
  }

  /// The threshold moves wet_days, prcptot, sdii, cdd and cwd only; 0.09 stays dry at 0.1.
  @Test("a 0.1 mm wet threshold changes only wet days, prcptot, sdii, cdd and cwd")
  func lowThreshold() {
    let etccdi = PrecipitationIndices.summary(days: Self.march())
    let summary = PrecipitationIndices.summary(days: Self.march(), wetThreshold: 0.1)
    #expect(summary.wetDays == 14)
    #expect(Approx.equal(summary.prcptot, 90.48, within: 1e-9))
    #expect(Approx.equal(summary.sdii, 90.48 / 14, within: 1e-9))
    #expect(summary.cdd == 8)
    #expect(summary.cwd == 8)
    #expect(!summary.isETCCDI)
    #expect(summary.totalMM == etccdi.totalMM)
    #expect(summary.r10mm == etccdi.r10mm && summary.r20mm == etccdi.r20mm)
    #expect(summary.rx1day == etccdi.rx1day && summary.rx5day == etccdi.rx5day)
  }

  /// 0.3 + 0.6 + 0.1 is 1.00 mm in hundredths, and a float one ulp under 1.0 is also wet.
  @Test("totals are compared at 0.01 mm, so 0.3+0.6+0.1 is a wet day")
  func hundredths() {
    let hourly: [(date: LocalDate, mm: Double?)] = [0.3, 0.6, 0.1].map {
      (date: Self.date(1), mm: $0)
    }
    let totals = PrecipitationIndices.dailyTotals(hourly: hourly)
    #expect(totals[Self.date(1)] == .some(1.0))
    let days: [(date: LocalDate, mm: Double?)] = [(date: Self.date(1), mm: 0.3 + 0.6 + 0.1)]
    #expect(PrecipitationIndices.summary(days: days).wetDays == 1)
    #expect(PrecipitationIndices.hundredths(0.125) == 13)
    #expect(PrecipitationIndices.hundredths(-0.125) == -13)
    #expect(PrecipitationIndices.hundredths(.nan) == nil)
  }

  /// A nil hour, or too few hours, makes the day missing; other days are unaffected.
  @Test("daily totals mark a day missing when an hour is nil or absent")
  func dailyTotalsMissing() {
    let hourly: [(date: LocalDate, mm: Double?)] = [
      (date: Self.date(1), mm: 0.5), (date: Self.date(1), mm: nil),
      (date: Self.date(2), mm: 1.25), (date: Self.date(2), mm: 0.25),
      (date: Self.date(3), mm: 2),
    ]
    let totals = PrecipitationIndices.dailyTotals(hourly: hourly) { $0 == Self.date(3) ? 24 : 2 }
    #expect(totals.count == 3)
    #expect(totals[Self.date(1)] == .some(nil))
    #expect(totals[Self.date(2)] == .some(1.5))
    #expect(totals[Self.date(3)] == .some(nil))
  }

  /// More than 3 missing days in a calendar month voids the indices but not the counts.
  @Test("four missing days in a month make the indices nil; three do not")
  func missingDaysRule() {
    var days = Self.march()
    days[19].mm = nil
    days[20].mm = nil
    let three = PrecipitationIndices.summary(days: days)
    #expect(three.daysMissing == 3)
    #expect(three.wetDays == 12)
    days[21].mm = nil
    let four = PrecipitationIndices.summary(
      days: days, hourly: [0.1, 0.09, nil, 2], probabilities: [nil, 40, 85, 10])
    #expect(four.daysMissing == 4)
    #expect(four.days == 31)
    #expect(four.totalMM == nil && four.wetDays == nil && four.r10mm == nil && four.r20mm == nil)
    #expect(four.prcptot == nil && four.sdii == nil && four.cdd == nil && four.cwd == nil)
    #expect(four.rx1day == nil && four.rx5day == nil)
    #expect(four.wetHours == 2)
    #expect(four.maxProbability == 85)
  }

  /// The rule is per calendar month: 3 missing in each of two months is still defined.
  @Test("missing days are counted per calendar month")
  func missingPerMonth() {
    let days: [(date: LocalDate, mm: Double?)] = (0..<20).map { offset in
      let date = Self.date(20).adding(days: offset)  // 20 March … 8 April
      return (date: date, mm: [0, 1, 2, 12, 13, 14].contains(offset) ? nil : 3)
    }
    let summary = PrecipitationIndices.summary(days: days)
    #expect(summary.daysMissing == 6)
    #expect(summary.wetDays == 14)
    #expect(summary.cwd == 9)  // 23–31 March; 1–3 April missing, then a 5-day run
  }

  /// Rx5day needs five days inside the period, with none missing.
  @Test("rx5day is nil under five days or when every window has a missing day")
  func rx5dayWindows() {
    let four = (1...4).map { (date: Self.date($0), mm: Optional(10.0)) }
    #expect(PrecipitationIndices.summary(days: four).rx5day == nil)
    #expect(PrecipitationIndices.summary(days: four).rx1day == 10)
    let five = (1...5).map { (date: Self.date($0), mm: Optional(Double($0))) }
    #expect(PrecipitationIndices.summary(days: five).rx5day == 15)
    var gapped = (1...9).map { (date: Self.date($0), mm: Optional(1.0)) }
    gapped[4].mm = nil
    #expect(PrecipitationIndices.summary(days: gapped).rx5day == nil)
  }

  /// Days given out of order are sorted; a skipped date counts as missing and breaks spells.
  @Test("unsorted days are sorted and a skipped date counts as missing")
  func normalisesDays() {
    let days: [(date: LocalDate, mm: Double?)] = [
      (date: Self.date(3), mm: 2), (date: Self.date(1), mm: 2), (date: Self.date(2), mm: 2),
      (date: Self.date(5), mm: 2),
    ]
    let summary = PrecipitationIndices.summary(days: days)
    #expect(summary.days == 5)
    #expect(summary.daysMissing == 1)
    #expect(summary.cwd == 3)
  }

  /// The from/to form treats dates absent from the totals as missing days.
  @Test("a period with absent dates reports them as missing")
  func fromTo() {
    let totals: [LocalDate: Double?] = [Self.date(1): 12, Self.date(2): nil, Self.date(4): 0.5]
    let summary = PrecipitationIndices.summary(from: Self.date(1), to: Self.date(5), totals: totals)
    #expect(summary.days == 5)
    #expect(summary.daysMissing == 3)
    #expect(summary.wetDays == 1)
    #expect(summary.cdd == 1)
    #expect(summary.sdii == 12)
  }

  /// No wet day gives SDII 0, not NaN; no hour gives no wet-hour count.
  @Test("sdii is 0 without wet days and wet hours is nil without hourly data")
  func dryPeriod() {
    let days = (1...7).map { (date: Self.date($0), mm: Optional(0.2)) }
    let summary = PrecipitationIndices.summary(days: days, hourly: [nil, nil])
    #expect(summary.wetDays == 0)
    #expect(summary.sdii == 0)
    #expect(summary.cdd == 7)
    #expect(summary.cwd == 0)
    #expect(summary.wetHours == nil)
    #expect(summary.maxProbability == nil)
  }

  /// Three missing days alone are within the per-month allowance, but without any total there
  /// is nothing to compute: the indices are nil, not a dry spell of zeros.
  @Test("a period whose every day is missing has nil indices")
  func allMissing() {
    let days = (1...3).map { (date: Self.date($0), mm: Double?.none) }
    let summary = PrecipitationIndices.summary(days: days)
    #expect(summary.days == 3 && summary.daysMissing == 3)
    #expect(summary.totalMM == nil && summary.wetDays == nil && summary.cdd == nil)
    #expect(summary.sdii == nil && summary.r10mm == nil)
  }

  /// An empty period is all zeros and nils, never a trap.
  @Test("an empty period gives zero days")
  func emptyPeriod() {
    let summary = PrecipitationIndices.summary(days: [])
    #expect(summary.days == 0 && summary.daysMissing == 0)
    #expect(summary.rx1day == nil && summary.rx5day == nil)
  }
}
