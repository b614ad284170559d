import Testing

@testable import Analysis

/// Angular differences on the circle.
@Suite struct CircularErrorTests {
  @Test(
    "differences wrap to [−180°, 180°)",
    arguments: [
      (359.0, 1.0, -2.0), (1.0, 359.0, 2.0), (90.0, 270.0, -180.0), (270.0, 90.0, -180.0),
      (10.0, 10.0, 0.0), (0.0, 360.0, 0.0), (200.0, 10.0, -170.0), (350.5, 10.25, -19.75),
    ])
  func wrap(forecast: Double, observed: Double, expected: Double) {
    #expect(CircularError.difference(forecast: forecast, observed: observed) == expected)
  }
}
