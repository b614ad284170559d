import Testing

@testable import Analysis

/// References: the Magnus formula (β = 17.625, λ = 243.04 °C) evaluated in Python.
@Suite struct HumidityTests {
  static let cases: [(Double, Double, Double)] = [
    (20, 50, 9.261106630534236),
    (0, 100, 0.0),
    (-10, 80, -12.795103808923285),
    (30, 90, 28.178552431720792),
    (25, 1, -34.960763807055116),
  ]

  /// The dew point matches the Magnus formula within 0.01 °C.
  @Test("dew point matches the Magnus formula", arguments: cases)
  func dewPoint(_ testCase: (Double, Double, Double)) {
    let (temperature, humidity, expected) = testCase
    let value = Humidity.dewPoint(temperature: temperature, relativeHumidity: humidity)
    #expect(Approx.equal(value, expected, within: 0.01), "got \(String(describing: value))")
  }

  /// At saturation the dew point is the air temperature.
  @Test("dew point equals the temperature at 100 % humidity", arguments: [-20.0, 5, 17.3, 35])
  func saturation(_ temperature: Double) {
    let value = Humidity.dewPoint(temperature: temperature, relativeHumidity: 100)
    #expect(Approx.equal(value, temperature, within: 1e-9))
  }

  /// RH ≤ 0 has no logarithm, and non-finite inputs have no dew point.
  @Test("dew point is nil for zero, negative or non-finite humidity and non-finite temperature")
  func undefined() {
    #expect(Humidity.dewPoint(temperature: 20, relativeHumidity: 0) == nil)
    #expect(Humidity.dewPoint(temperature: 20, relativeHumidity: -5) == nil)
    #expect(Humidity.dewPoint(temperature: 20, relativeHumidity: .nan) == nil)
    #expect(Humidity.dewPoint(temperature: .infinity, relativeHumidity: 50) == nil)
    #expect(Humidity.dewPoint(temperature: -243.04, relativeHumidity: 50) == nil)
  }
}
