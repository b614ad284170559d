import Testing

@testable import SkycastModel
@testable import Store
@testable import Verify

/// `--threshold pNN` at a variable's floor, and thresholds printed at the variable's precision
/// (issue 42: p90 of a dry month was 0.0 mm, so with `ge` every hour was an event, a 1310 b 6;
/// thresholds printed as `0.06999999999999887`).
@Suite struct ClimateThresholdFloorTests {
  @Test("a percentile equal to 0 mm in a mostly dry month is refused, naming city, month and zeros")
  func dryMonth() throws {
    let dry = Array(repeating: 0.0, count: 95) + [0.2, 0.5, 1.0, 2.0, 3.0]
    let values: [Int64: [Int: [Double]]] = [1: [7: dry]]
    var thresholds = ClimateThresholds(percentile: 90, values: values)
    thresholds.labels = [1: "Alpenau"]
    #expect(thresholds.entries.first?.value == 0)
    let problem = try #require(
      Verifier.floorProblem(thresholds, values: values, variable: .precipitation))
    #expect(
      problem
        == "--threshold p90 is 0 mm, the floor of precipitation, for Alpenau in month 07 (95 of 100 observations, 95 %, are 0): every case would be an event with op ge; give a fixed threshold (e.g. --threshold 0.1 for wet cases) or a percentile above the share of zeros"
    )
    let wet = ClimateThresholds(percentile: 99, values: values)
    #expect(Verifier.floorProblem(wet, values: values, variable: .precipitation) == nil)
  }

  @Test("a temperature percentile is never at a floor")
  func temperature() {
    let values: [Int64: [Int: [Double]]] = [1: [1: [0, 0, 0, 0, 1]]]
    let thresholds = ClimateThresholds(percentile: 50, values: values)
    #expect(Verifier.floorProblem(thresholds, values: values, variable: .temperature2m) == nil)
  }

  @Test("thresholds print one decimal beyond the stored precision, not binary noise")
  func text() {
    #expect(ClimateThresholds.valueText(0.06999999999999887, decimals: 2) == "0.07")
    #expect(ClimateThresholds.valueText(18.669999999999998, decimals: 2) == "18.67")
    #expect(ClimateThresholds.valueText(17.2, decimals: 2) == "17.2")
    #expect(ClimateThresholds.valueText(-0.001, decimals: 2) == "0.0")
    var thresholds = ClimateThresholds(percentile: 90, values: [1: [6: [0.0, 0.1, 0.1, 0.1]]])
    thresholds.labels = [1: "Alpenau"]
    thresholds.decimals = WeatherVariable.precipitation.decimals + 1
    #expect(thresholds.text == "Alpenau 06 0.1 (n 4)")
    thresholds = ClimateThresholds(percentile: 40, values: [1: [6: [0.0, 0.0, 0.1, 0.1]]])
    thresholds.labels = [1: "Alpenau"]
    thresholds.decimals = 2
    #expect(thresholds.text == "Alpenau 06 0.02 (n 4)")
  }
}
