import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import Store
@testable import Verify

/// Wind direction on the circle and the vector wind `wind_vector_10m`.
@Suite struct VerifyCircularTests {
  @Test("359° forecast against 1° observed is a 2° error; bias and MAE are on the circle")
  func wrapAround() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    // (forecast, observed): errors −2, +2, +10 on the circle (plain differences: 358, −358, 10).
    for (index, (forecast, observed)) in [(359.0, 1.0), (1.0, 359.0), (185.0, 175.0)].enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(city: 1, issuedAt: march1, lead: lead, ["wind_direction_10m": forecast])
      try writer.observation(
        city: 1, validAt: march1 + lead * hour, ["wind_direction_10m": observed])
    }
    let result = await harness.run(
      "verify", "--var", "wind_direction_10m", "--source", "forecast", "--by", "lead", "--format",
      "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(!result.stderr.contains("plain differences"), "the old warning is gone")
    let csv = CSVTable(result.stdout)
    #expect(close(csv.row("lead_hours", "1")?["bias"], -2))
    #expect(close(csv.row("lead_hours", "1")?["mae"], 2))
    #expect(close(csv.row("lead_hours", "2")?["bias"], 2))
    let pooled = try #require(
      CSVTable(
        await harness.run("verify", "--var", "wind_direction_10m", "--source", "forecast").stdout
      ).rows.first)
    #expect(close(pooled["bias"], 10.0 / 3))
    #expect(close(pooled["mae"], 14.0 / 3))
    #expect(close(pooled["rmse"], (108.0 / 3).squareRoot()))
    #expect(pooled["corr"] == "", "no Pearson correlation of angles")
    let table = await harness.run(
      "verify", "--var", "wind_direction_10m", "--source", "forecast", "--format", "table")
    #expect(table.stdout.contains("errors on the circle, ((f − o + 540) mod 360) − 180; no corr"))
  }

  @Test("wind_direction_10m_dominant (daily) is on the circle too")
  func dailyDominant() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.dailyObservation(
      city: 1, date: "2026-03-02", ["wind_direction_10m_dominant": 10])
    try writer.dailyForecast(
      city: 1, issuedAt: march1, date: "2026-03-02", ["wind_direction_10m_dominant": 350])
    let row = try #require(
      CSVTable(
        await harness.run(
          "verify", "--var", "wind_direction_10m_dominant", "--source", "forecast"
        ).stdout
      ).rows.first)
    #expect(close(row["bias"], -20) && close(row["mae"], 20), "\(row)")
  }

  @Test("the SQL wrap equals CircularError on a grid of angles")
  func sqlMatchesSwift() throws {
    let database = try Database(path: ":memory:")
    for forecast in stride(from: 0.0, through: 360, by: 22.5) {
      for observed in stride(from: 0.0, through: 360, by: 7.5) {
        let sql = "SELECT " + VerifySQL.circularDifference(String(forecast), String(observed))
        let value = try #require(try database.query(sql).first?[0].doubleValue)
        #expect(
          value == CircularError.difference(forecast: forecast, observed: observed),
          "\(forecast) \(observed)")
      }
    }
  }

  /// Forecast 10 km/h from 90° (u = −10, v = 0), observed 10 km/h from 270° (u = 10, v = 0):
  /// same speed, opposite vectors, |ΔV| = 20; and 5 km/h from 0° (v = −5) against 3 km/h from
  /// 0° (v = −3): speed error 2, |ΔV| = 2.
  @Test(
    "wind_vector_10m scores the vector: mean speed error, mean |ΔV| and RMSVE, with VL1L2 means")
  func vector() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let pairs: [((Double, Double), (Double, Double))] = [((10, 90), (10, 270)), ((5, 0), (3, 0))]
    for (index, (forecast, observed)) in pairs.enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(
        city: 1, issuedAt: march1, lead: lead,
        ["wind_speed_10m": forecast.0, "wind_direction_10m": forecast.1])
      try writer.observation(
        city: 1, validAt: march1 + lead * hour,
        ["wind_speed_10m": observed.0, "wind_direction_10m": observed.1])
    }
    // A pair without an observed direction is no vector pair.
    try writer.forecast(
      city: 1, issuedAt: march1, lead: 3, ["wind_speed_10m": 4, "wind_direction_10m": 10])
    try writer.observation(city: 1, validAt: march1 + 3 * hour, ["wind_speed_10m": 4])
    let result = await harness.run(
      "verify", "--var", "wind_vector_10m", "--source", "forecast", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let row = try #require(CSVTable(result.stdout).rows.first)
    #expect(row["n"] == "2")
    #expect(close(row["bias"], 1))
    #expect(close(row["mae"], 11))
    #expect(close(row["rmse"], ((400.0 + 4) / 2).squareRoot()))
    #expect(row["corr"] == "")
    #expect(close(row["ufbar"], -5) && close(row["uobar"], 5))
    #expect(close(row["vfbar"], -2.5) && close(row["vobar"], -1.5))
    #expect(close(row["uvfobar"], (-100.0 + 15) / 2))
    #expect(close(row["uvffbar"], 125.0 / 2) && close(row["uvoobar"], 109.0 / 2))
    let means = VectorMeans(
      ufbar: -5, vfbar: -2.5, uobar: 5, vobar: -1.5, uvfobar: -42.5, uvffbar: 62.5, uvoobar: 54.5)
    #expect(close(row["rmse"], means.rmsve))
    let usage = await harness.run("verify", "--var", "wind_vector_10m", "--threshold", "5")
    #expect(usage.exitCode == 64)
  }
}
