import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import SkycastModel

/// `verify --var wind_vector_10m --compare A B`: both models scored by the length of the vector
/// error on the same cases, and the Diebold–Mariano test on the daily vector losses.
@Suite struct VerifyCompareWindVectorTests {
  /// The wind as a vector (u, v) = (−s·sin θ, −s·cos θ).
  static func vector(_ speed: Double, _ direction: Double) -> (Double, Double) {
    let radians = direction * Double.pi / 180
    return (-speed * sin(radians), -speed * cos(radians))
  }

  /// Eighteen days, one case a day (noon, lead 12 h): the observed wind, model A close to it
  /// in direction, model B further off. On day 5 model B has no direction, so the day is not
  /// a common case.
  static func write(_ harness: CLIHarness) throws -> (a: [Double], b: [Double]) {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    var random = SplitMix64(seed: 17)
    var squared: (a: [Double], b: [Double]) = ([], [])
    for day in 0..<18 {
      let issued = march1 + Int64(day) * 86_400
      let speed = 5 + (random.nextUniform() * 20).rounded()
      let direction = (random.nextUniform() * 36).rounded() * 10
      let sides = [
        ("best_match", speed + 1, direction + 10 + (random.nextUniform() * 4).rounded() * 5),
        ("ecmwf_ifs025", speed - 2, direction - 40 + (random.nextUniform() * 6).rounded() * 10),
      ]
      try writer.observation(
        city: 1, validAt: issued + 12 * hour,
        ["wind_speed_10m": speed, "wind_direction_10m": direction])
      let observed = vector(speed, direction)
      for (index, (model, forecastSpeed, forecastDirection)) in sides.enumerated() {
        let missing = day == 5 && index == 1
        try writer.forecast(
          city: 1, model: model, issuedAt: issued, lead: 12,
          [
            "wind_speed_10m": forecastSpeed,
            "wind_direction_10m": missing
              ? nil
              : forecastDirection.truncatingRemainder(
                dividingBy: 360),
          ])
        guard day != 5 else { continue }
        let forecast = vector(forecastSpeed, forecastDirection)
        let error =
          (forecast.0 - observed.0) * (forecast.0 - observed.0) + (forecast.1 - observed.1)
          * (forecast.1 - observed.1)
        if index == 0 { squared.a.append(error) } else { squared.b.append(error) }
      }
    }
    return squared
  }

  @Test(
    "vector rmse of both models, their difference and the DM test on |V_f − V_o|² match a hand computation",
    arguments: ["se", "ae"])
  func matchesHandComputation(loss: String) async throws {
    let harness = CLIHarness()
    let squared = try Self.write(harness)
    let result = await harness.run(
      "verify", "--var", "wind_vector_10m", "--compare", "best_match", "ecmwf_ifs025", "--loss",
      loss, "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    let row = try #require(csv.rows.first, "\(result)")
    let (a, b) =
      loss == "se"
      ? squared : (squared.a.map { $0.squareRoot() }, squared.b.map { $0.squareRoot() })
    func score(_ losses: [Double]) -> Double {
      let mean = losses.reduce(0, +) / Double(losses.count)
      return loss == "se" ? mean.squareRoot() : mean
    }
    let name = loss == "se" ? "rmse" : "mae"
    #expect(row["n"] == "17")
    #expect(row["days"] == "17")
    #expect(row["h"] == "1")
    #expect(close(row["\(name)_a"], score(a), within: 1e-9), "\(row)")
    #expect(close(row["\(name)_b"], score(b), within: 1e-9), "\(row)")
    #expect(close(row["\(name)_diff"], score(a) - score(b), within: 1e-9))
    let test = try #require(
      DieboldMariano.fixedSmoothingTest(zip(a, b).map { $0 - $1 }, horizon: 1))
    #expect(close(row["dm"], test.statistic, within: 1e-9), "\(row)")
    #expect(close(row["p_value"], test.pValue, within: 1e-9), "\(row)")
    #expect(row["verdict"] == (test.pValue < 0.05 ? "A better" : "no significant difference"))
    #expect(score(a) < score(b))
    let table = await harness.run(
      "verify", "--var", "wind_vector_10m", "--compare", "best_match", "ecmwf_ifs025", "--loss",
      loss, "--format", "table")
    #expect(table.stdout.contains("of the vector error |V_f − V_o|"), "\(table)")
  }
}
