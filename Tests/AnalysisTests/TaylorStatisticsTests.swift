import Testing

@testable import Analysis

@Suite struct TaylorStatisticsTests {
  /// F = 1 2 3 4, O = 2 4 6 8: σf = √1.25, σo = √5, σ = 0.5, R = 1, E′ = √(0.25 + 1 − 1) = 0.5.
  @Test("a forecast with half the spread and perfect correlation")
  func halfSpread() {
    var stats = TaylorStatistics()
    for (f, o) in zip([1.0, 2, 3, 4], [2.0, 4, 6, 8]) { stats.add(forecast: f, observed: o) }
    #expect(Approx.equal(stats.forecastDeviation, 1.25.squareRoot(), within: 1e-12))
    #expect(Approx.equal(stats.observedDeviation, 5.0.squareRoot(), within: 1e-12))
    #expect(Approx.equal(stats.normalisedDeviation, 0.5, within: 1e-12))
    #expect(Approx.equal(stats.correlation, 1, within: 1e-12))
    #expect(Approx.equal(stats.normalisedCentredDifference, 0.5, within: 1e-12))
  }

  /// F = 1 2 3, O = 1 3 2: equal spread, R = 1/2, E′ = √(1 + 1 − 1) = 1, which is also the RMS
  /// of the centred differences 0 −1 1 (√(2/3)) over σo (√(2/3)).
  @Test("the law of cosines gives the centred RMS difference of the pairs")
  func lawOfCosines() {
    var stats = TaylorStatistics()
    for (f, o) in zip([1.0, 2, 3], [1.0, 3, 2]) { stats.add(forecast: f, observed: o) }
    #expect(Approx.equal(stats.correlation, 0.5, within: 1e-12))
    #expect(Approx.equal(stats.normalisedDeviation, 1, within: 1e-12))
    #expect(Approx.equal(stats.normalisedCentredDifference, 1, within: 1e-12))
    #expect(TaylorStatistics.centredDifference(normalisedDeviation: 1, correlation: 1) == 0)
  }

  /// A constant observation has no spread to normalise by.
  @Test("no spread, no diagram point")
  func undefined() {
    var stats = TaylorStatistics()
    stats.add(forecast: 1, observed: 5)
    stats.add(forecast: 2, observed: 5)
    #expect(stats.normalisedDeviation == nil)
    #expect(stats.correlation == nil)
    #expect(TaylorStatistics().forecastDeviation == nil)
  }
}
