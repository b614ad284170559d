import Testing

@testable import Analysis
@testable import SkycastModel
@testable import Store
@testable import Verify

/// `archive changes` on generated daily errors: an injected change is found where it was put
/// and tested significant; histories without one raise few false alarms (rate measured here).
@Suite struct ModelChangeDetectionTests {
  /// 120 days of one series' daily MAE at lead day 1: each day 24 hourly errors
  /// σ·(0.6·z_day + 0.8·z_hour) (a day-wide part, as a run's errors share one), σ = 1 °C,
  /// and σ = `after` from day `changeDay` on.
  static func series(
    seed: UInt64, days: Int = 120, changeDay: Int? = nil, after: Double = 2
  ) -> [DailyErrorRow] {
    var random = SplitMix64(seed: seed)
    let start = LocalDate(year: 2026, month: 1, day: 1)!
    return (0..<days).map { day in
      let sigma = changeDay.map { day >= $0 ? after : 1 } ?? 1
      let shared = random.nextGaussian()
      var sum = 0.0
      for _ in 0..<24 { sum += abs(sigma * (0.6 * shared + 0.8 * random.nextGaussian())) }
      return DailyErrorRow(
        cityID: 1, model: "m", leadDay: 1, date: start.adding(days: day).description,
        meanAbsoluteError: sum / 24, pairs: 24)
    }
  }

  static func changes(_ series: [DailyErrorRow]) -> [ModelChangeRow] {
    ModelChangeDetection.changes(in: series, city: "A", settings: ModelChangeSettings())
  }

  /// σ 1 → 2 °C on 2026-03-02 (day 60): found within ±2 days, MAE up, DM significant.
  @Test(
    "an injected change is found within 2 days and its DM test is significant", arguments: 1...10)
  func injected(seed: UInt64) throws {
    let rows = Self.changes(Self.series(seed: seed, changeDay: 60))
    let row = try #require(
      rows.first { abs(LocalDate($0.date)!.days(to: LocalDate("2026-03-02")!)) <= 2 }, "\(rows)")
    #expect(row.maeAfter > row.maeBefore)
    #expect(row.lastDateBefore < row.date)
    let dm = try #require(row.dieboldMariano)
    #expect(dm.pValue < 0.05)
    #expect(dm.statistic > 0, "larger errors after the change")
  }

  /// The false-alarm rate of the default settings on 50 histories without a change (seeds
  /// 1001–1050: 0 alarms; seeds 1001–1500 gave 2 in 500, 0.4%). The bound leaves a margin for
  /// changes to the generator, not for a detector that alarms at its nominal 1% per series.
  @Test("histories without a change raise at most 2 false alarms in 50 (measured: 0)")
  func falseAlarms() {
    let alarms = (1...50).filter { seed in
      !Self.changes(Self.series(seed: 1000 + UInt64(seed))).isEmpty
    }
    #expect(alarms.count <= 2, "false alarms at seeds \(alarms)")
  }

  /// Before and after are the whole segments; the DM pairs min(60, 60, 30) = 30 days.
  @Test("the row's segments and DM count follow the change")
  func segments() throws {
    let rows = Self.changes(Self.series(seed: 3, changeDay: 60, after: 2))
    let row = try #require(rows.first)
    #expect(row.daysBefore + row.daysAfter == 120)
    #expect(row.dieboldMariano?.count == 30)
  }
}
