import Testing

@testable import Analysis

@Suite struct EconomicValueTests {
  /// a = 30, b = 10, c = 20, d = 40 (s = 0.5, H = 0.6, F = 0.2). At α = 0.5: climatology costs
  /// 0.5, perfect 0.25, the forecast (40·0.5 + 20)/100 = 0.4, so V = 0.1/0.25 = 0.4 = H − F
  /// (at α = s the value is the Peirce score). At α = 0.3: (0.3 − 0.32)/0.15 = −2/15. At
  /// α = 0.8: climatology min(0.8, 0.5) = 0.5, forecast (40·0.8 + 20)/100 = 0.52, V = −0.02/0.1.
  @Test(
    "Richardson's value by hand",
    arguments: [(0.5, 0.4), (0.3, -2.0 / 15), (0.8, -0.2), (0.1, (0.1 - 0.24) / 0.05)])
  func byHand(_ testCase: (Double, Double)) {
    let value = EconomicValue.value(
      hits: 30, falseAlarms: 10, misses: 20, correctNegatives: 40, costLoss: testCase.0)
    #expect(Approx.equal(value, testCase.1, within: 1e-12))
  }

  /// A perfect forecast is worth 1 at every ratio; never forecasting the event is worth 0 for
  /// α ≥ s (it is climatology's choice there).
  @Test("perfect forecasts are worth 1, the climatological choice 0")
  func bounds() {
    for alpha in (1...99).map({ Double($0) / 100 }) {
      let perfect = EconomicValue.value(
        hits: 25, falseAlarms: 0, misses: 0, correctNegatives: 75, costLoss: alpha)
      #expect(Approx.equal(perfect, 1, within: 1e-12))
    }
    let never = EconomicValue.value(
      hits: 0, falseAlarms: 0, misses: 25, correctNegatives: 75, costLoss: 0.5)
    #expect(Approx.equal(never, 0, within: 1e-12))
  }

  /// No cases, an event that never happens, or α at 0 or 1 have no value.
  @Test("undefined cases give nil")
  func undefined() {
    #expect(
      EconomicValue.value(hits: 0, falseAlarms: 0, misses: 0, correctNegatives: 0, costLoss: 0.5)
        == nil)
    #expect(
      EconomicValue.value(hits: 0, falseAlarms: 5, misses: 0, correctNegatives: 5, costLoss: 0.5)
        == nil)
    #expect(
      EconomicValue.value(hits: 1, falseAlarms: 1, misses: 1, correctNegatives: 1, costLoss: 1)
        == nil)
  }
}
