import Testing

@testable import Analysis

@Suite struct CompassPointTests {
  /// (degrees, point): sector edges, the 16 centres, wrap-around and negatives.
  static let cases: [(Double, String)] = [
    (0, "N"), (11.24, "N"), (11.25, "NNE"), (22.5, "NNE"), (33.74, "NNE"), (33.75, "NE"),
    (45, "NE"), (67.5, "ENE"), (90, "E"), (112.5, "ESE"), (135, "SE"), (157.5, "SSE"),
    (180, "S"), (202.5, "SSW"), (225, "SW"), (247.5, "WSW"), (270, "W"), (292.5, "WNW"),
    (315, "NW"), (337.5, "NNW"), (348.74, "NNW"), (348.75, "N"), (359.99, "N"), (360, "N"),
    (720, "N"), (-10, "N"), (-11.25, "N"), (-11.26, "NNW"), (-90, "W"), (-360, "N"),
    (450, "E"),
  ]

  /// N covers [348.75°, 11.25°); every point is a 22.5° sector; angles wrap modulo 360.
  @Test("directions map to 16 compass points", arguments: cases)
  func name(_ testCase: (Double, String)) {
    #expect(CompassPoint.name(degrees: testCase.0) == testCase.1)
  }

  /// Non-finite directions never trap.
  @Test("non-finite directions give a question mark")
  func nonFinite() {
    #expect(CompassPoint.name(degrees: .nan) == "?")
    #expect(CompassPoint.name(degrees: .infinity) == "?")
  }
}
