import Testing

@testable import Export
@testable import SkycastModel

@Suite struct NiceScaleTests {
  /// Loose scales widen to the enclosing round ticks.
  @Test(
    "loose scales tick at 1/2/5 × 10ⁿ steps on known ranges",
    arguments: [
      (0.0, 9.3, 6, [0.0, 2, 4, 6, 8, 10], 0),
      (0.3, 9.2, 6, [0.0, 2, 4, 6, 8, 10], 0),
      (-2.3, 4.1, 8, [-4.0, -2, 0, 2, 4, 6], 0),
      (0, 0.35, 5, [0.0, 0.1, 0.2, 0.3, 0.4], 1),
      (0.74, 3.3, 5, [0.0, 1, 2, 3, 4], 0),
      (1000, 125_000, 6, [0.0, 50_000, 100_000, 150_000], 0),
      (0.000001, 0.000005, 6, [0.000001, 0.000002, 0.000003, 0.000004, 0.000005], 6),
      (-7.5, -2.5, 6, [-8.0, -6, -4, -2], 0),
      (12.0, 13.0, 6, [12.0, 12.2, 12.4, 12.6, 12.8, 13.0], 1),
    ] as [(Double, Double, Int, [Double], Int)])
  func loose(lower: Double, upper: Double, maxTicks: Int, ticks: [Double], decimals: Int) {
    let scale = NiceScale(lower: lower, upper: upper, maxTicks: maxTicks)
    #expect(scale.ticks == ticks)
    #expect(scale.lower == ticks.first)
    #expect(scale.upper == ticks.last)
    #expect(scale.decimals == decimals)
  }

  @Test("tight scales keep the range and tick inside it")
  func tight() {
    let leadDays = NiceScale(lower: 0, upper: 15, maxTicks: 10, loose: false)
    #expect(leadDays.ticks == [0, 2, 4, 6, 8, 10, 12, 14])
    #expect(leadDays.lower == 0)
    #expect(leadDays.upper == 15)
    let inside = NiceScale(lower: 0.31, upper: 0.35, maxTicks: 6, loose: false)
    #expect(inside.ticks == [0.31, 0.32, 0.33, 0.34, 0.35])
    #expect(inside.decimals == 2)
  }

  /// A constant series must not get a zero-height axis.
  @Test(
    "a flat range widens to a readable span",
    arguments: [
      (20.0, [18.0, 19, 20, 21, 22]), (0, [-1.0, -0.5, 0, 0.5, 1]), (-5, [-5.5, -5, -4.5]),
    ]
      as [(Double, [Double])])
  func flat(value: Double, ticks: [Double]) {
    let scale = NiceScale(lower: value, upper: value, maxTicks: 5)
    #expect(scale.ticks == ticks)
    #expect(scale.upper > scale.lower)
  }

  @Test("reversed and non-finite bounds do not trap")
  func oddBounds() {
    #expect(NiceScale(lower: 10, upper: 0, maxTicks: 6).ticks == [0, 2, 4, 6, 8, 10])
    #expect(
      NiceScale(lower: .nan, upper: .infinity, maxTicks: 6).ticks == [0, 0.2, 0.4, 0.6, 0.8, 1])
    let huge = NiceScale(
      lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude, maxTicks: 5)
    #expect(huge.ticks.count <= 5)
    #expect(huge.ticks.allSatisfy { $0.isFinite })
  }

  /// Random ranges: never more ticks than asked, ticks cover the data, steps from 1/2/5 × 10ⁿ,
  /// labels exact at the reported decimals.
  @Test("random ranges respect the tick limit and cover the data")
  func randomRanges() {
    var random = SplitMix64(seed: 9)
    for _ in 0..<2000 {
      let magnitude = NiceScale.powerOfTen(Int(random.next() % 8)) / 1000
      let a = (Double(random.next() % 20_001) - 10_000) / 100 * magnitude
      let b = a + Double(random.next() % 10_000) / 100 * magnitude
      let maxTicks = 3 + Int(random.next() % 8)
      let scale = NiceScale(lower: a, upper: b, maxTicks: maxTicks)
      #expect(scale.ticks.count <= maxTicks && scale.ticks.count >= 2)
      #expect(scale.lower <= a && scale.upper >= b)
      var mantissa = scale.step
      while mantissa >= 10 { mantissa /= 10 }
      while mantissa < 1 { mantissa *= 10 }
      #expect([1.0, 2, 5].contains { ($0 - mantissa).magnitude < 1e-9 }, "step \(scale.step)")
      for tick in scale.ticks {
        let text = NumberText.fixed(tick, decimals: scale.decimals)
        #expect(Double(text).map { ($0 - tick).magnitude <= scale.step * 1e-9 } ?? false)
      }
    }
  }
}
