import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `skycast verify` scores against hand computations (spreadsheet-style: every expected value is
/// worked out from the pairs written in the test's comment).
@Suite struct VerifyCommandTests {
  // MARK: - Continuous scores on the study set

  /// Lead 12 h pairs, F − O: Alpha 0.4 −0.3 0.3, Beta −0.5 0.4 0.3 → bias 0.6/6 = 0.1,
  /// MAE 2.2/6, RMSE √(0.84/6) = √0.14. Correlations and the other leads computed the same way.
  @Test("scores by lead time match a hand computation to 1e-6")
  func byLead() async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let result = await harness.run("verify", "--by", "lead", "--source", "forecast")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(csv.header == ["lead_hours", "n", "bias", "mae", "rmse", "corr"])
    #expect(csv.rows.map { $0["lead_hours"] } == ["12", "36", "60"])
    let expected: [(String, Double, Double, Double, Double)] = [
      ("12", 0.1, 2.2 / 6, 0.14.squareRoot(), 0.996294764114),
      ("36", 0.05, 4.7 / 6, 0.803118920210, 0.978421439573),
      ("60", 2.5 / 6, 9.5 / 6, 1.620185174602, 0.935131515432),
    ]
    for (lead, bias, mae, rmse, corr) in expected {
      let row = try #require(csv.row("lead_hours", lead))
      #expect(row["n"] == "6")
      #expect(close(row["bias"], bias), "bias at \(lead): \(row)")
      #expect(close(row["mae"], mae), "mae at \(lead): \(row)")
      #expect(close(row["rmse"], rmse), "rmse at \(lead): \(row)")
      #expect(close(row["corr"], corr), "corr at \(lead): \(row)")
    }
  }

  @Test("lead-day groups are floor(lead_hours / 24)")
  func byLeadDay() async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let csv = CSVTable(
      await harness.run("verify", "--by", "lead-day", "--source", "forecast").stdout)
    #expect(csv.header.first == "lead_day")
    #expect(csv.rows.map { $0["lead_day"] } == ["0", "1", "2"])
    #expect(close(csv.row("lead_day", "2")?["rmse"], 1.620185174602))
  }

  /// Alpha: 9 pairs, Σe = 2.1, Σ|e| = 7.5, Σe² = 8.01; Beta: Σe = 1.3, Σ|e| = 8.9, Σe² = 12.45.
  @Test("scores by city match a hand computation to 1e-6")
  func byCity() async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let csv = CSVTable(await harness.run("verify", "--by", "city", "--source", "forecast").stdout)
    #expect(csv.rows.map { $0["city"] } == ["Alpha", "Beta"])
    let alpha = try #require(csv.row("city", "Alpha"))
    #expect(alpha["n"] == "9")
    #expect(close(alpha["bias"], 2.1 / 9))
    #expect(close(alpha["mae"], 7.5 / 9))
    #expect(close(alpha["rmse"], (8.01 / 9).squareRoot()))
    #expect(close(alpha["corr"], 0.785265690596))
    let beta = try #require(csv.row("city", "Beta"))
    #expect(close(beta["bias"], 1.3 / 9))
    #expect(close(beta["mae"], 8.9 / 9))
    #expect(close(beta["rmse"], (12.45 / 9).squareRoot()))
    #expect(close(beta["corr"], 0.620243687487))
  }

  @Test("without --by, one row pools all 18 pairs; an unselected source becomes the first key")
  func ungrouped() async throws {
    let harness = CLIHarness()
    try writeStudy(harness)
    let single = CSVTable(await harness.run("verify", "--source", "forecast").stdout)
    #expect(single.header == ["n", "bias", "mae", "rmse", "corr"])
    #expect(single.rows.count == 1)
    #expect(single.rows[0]["n"] == "18")
    #expect(close(single.rows[0]["bias"], 3.4 / 18))
    #expect(close(single.rows[0]["mae"], 16.4 / 18))
    #expect(close(single.rows[0]["rmse"], (20.46 / 18).squareRoot()))
    #expect(close(single.rows[0]["corr"], 0.966928490896))
    let keyed = CSVTable(await harness.run("verify").stdout)
    #expect(keyed.header == ["source", "n", "bias", "mae", "rmse", "corr"])
    #expect(keyed.rows.map { $0["source"] } == ["forecast"])
    #expect(keyed.rows[0]["rmse"] == single.rows[0]["rmse"])
  }

  /// Alpha 4 pairs with errors +1 −1 +1 −1, Beta 1 pair with error +3: pooled RMSE
  /// √((4 + 9) / 5) = √2.6 ≈ 1.612, not the mean of the city RMSEs (1 + 3) / 2 = 2.
  @Test("scores are pooled within a group, not averaged over sub-groups of different sizes")
  func pooledNotAveraged() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.city(2, "Beta")
    let pairs: [(Double, Double)] = [(11, 10), (10, 11), (13, 12), (12, 13)]
    for (index, (forecast, observed)) in pairs.enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(city: 1, issuedAt: march1, lead: lead, ["temperature_2m": forecast])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["temperature_2m": observed])
    }
    try writer.forecast(city: 2, issuedAt: march1, lead: 1, ["temperature_2m": 23])
    try writer.observation(city: 2, validAt: march1 + hour, ["temperature_2m": 20])
    let byCity = CSVTable(
      await harness.run("verify", "--by", "city", "--source", "forecast").stdout)
    #expect(byCity.row("city", "Alpha")?["rmse"] == "1.0")
    #expect(byCity.row("city", "Beta")?["rmse"] == "3.0")
    let pooled = CSVTable(await harness.run("verify", "--source", "forecast").stdout).rows[0]
    #expect(pooled["n"] == "5")
    #expect(close(pooled["rmse"], 2.6.squareRoot()))
    #expect(!close(pooled["rmse"], 2.0))
    #expect(close(pooled["bias"], 0.6))
    #expect(close(pooled["mae"], 1.4))
  }

  @Test(
    "a NULL side and a forecast without any observation row both drop the pair, counted apart in the comment"
  )
  func droppedPairs() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    try writer.forecast(city: 1, issuedAt: march1, lead: 1, ["temperature_2m": 11])
    try writer.observation(city: 1, validAt: march1 + 1 * hour, ["temperature_2m": 10])
    try writer.forecast(city: 1, issuedAt: march1, lead: 2, ["temperature_2m": 12])
    try writer.observation(
      city: 1, validAt: march1 + 2 * hour, ["temperature_2m": nil, "precipitation": 0])
    try writer.forecast(city: 1, issuedAt: march1, lead: 3, ["temperature_2m": 13])
    try writer.forecast(
      city: 1, issuedAt: march1, lead: 4, ["temperature_2m": nil, "relative_humidity_2m": 80])
    try writer.observation(city: 1, validAt: march1 + 4 * hour, ["temperature_2m": 15])
    let csv = CSVTable(await harness.run("verify", "--source", "forecast").stdout)
    #expect(csv.rows[0]["n"] == "1")
    #expect(csv.rows[0]["bias"] == "1.0")
    #expect(csv.rows[0]["corr"] == "")
    let table = await harness.run("verify", "--source", "forecast", "--format", "table")
    let comment = try #require(table.stdout.split(separator: "\n").first)
    #expect(comment.hasPrefix("# temperature_2m (°C): forecast vs era5 observations"), "\(comment)")
    #expect(
      comment.contains(
        "3 pairs dropped (1 without an observation row, 2 with a NULL forecast or observation)"),
      "\(comment)")
    #expect(comment.contains("valid 2026-03-01…2026-03-01"), "\(comment)")
  }

  // MARK: - Categorical scores

  /// Pairs (F, O) in mm: (1,1) (1,0) (0,1) (2,0.5) (0,0) (0.5,2).
  /// ge 1: a=1 b=2 c=2 d=1 → pod 1/3, far 2/3, pofd 2/3, csi 1/5, ets (1−1.5)/(5−1.5) = −1/7,
  ///   fbias 1, hss 2(1−4)/(9+9) = −1/3, pc 1/3.
  /// gt 1: a=0 b=1 c=1 d=4 → pod 0, far 1, pofd 1/5, csi 0, ets (0−1/6)/(2−1/6) = −1/11,
  ///   fbias 1, hss −2/10, pc 4/6.
  @Test("contingency scores at 1 mm differ between --op ge and --op gt for values on the threshold")
  func geVersusGt() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let pairs: [(Double, Double)] = [(1, 1), (1, 0), (0, 1), (2, 0.5), (0, 0), (0.5, 2)]
    for (index, (forecast, observed)) in pairs.enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(city: 1, issuedAt: march1, lead: lead, ["precipitation": forecast])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["precipitation": observed])
    }
    let ge = await harness.run(
      "verify", "--var", "precipitation", "--threshold", "1", "--source", "forecast")
    let geRow = CSVTable(ge.stdout).rows[0]
    let header: [String] = [
      "n", "bias", "mae", "rmse", "corr", "threshold", "op", "a", "b", "c", "d", "pod", "far",
      "pofd", "csi", "ets", "fbias", "hss", "pc", "n_bs", "bs",
    ]
    #expect(CSVTable(ge.stdout).header == header)
    #expect(geRow["op"] == "ge")
    #expect(geRow["threshold"] == "1.0")
    #expect([geRow["a"], geRow["b"], geRow["c"], geRow["d"]] == ["1", "2", "2", "1"])
    let geExpected: [(String, Double)] = [
      ("pod", 1.0 / 3), ("far", 2.0 / 3), ("pofd", 2.0 / 3), ("csi", 0.2), ("ets", -1.0 / 7),
      ("fbias", 1.0), ("hss", -1.0 / 3), ("pc", 1.0 / 3),
    ]
    for (name, value) in geExpected {
      #expect(close(geRow[name], value), "ge \(name): \(geRow)")
    }
    #expect(geRow["bs"] == "")
    #expect(geRow["n_bs"] == "0")
    #expect(ge.stderr.contains("P(> 0.1 mm in the hour)"))

    let gt = CSVTable(
      await harness.run(
        "verify", "--var", "precipitation", "--threshold", "1", "--op", "gt", "--source", "forecast"
      ).stdout
    ).rows[0]
    #expect(gt["op"] == "gt")
    #expect([gt["a"], gt["b"], gt["c"], gt["d"]] == ["0", "1", "1", "4"])
    let gtExpected: [(String, Double)] = [
      ("pod", 0.0), ("far", 1.0), ("pofd", 0.2), ("csi", 0.0), ("ets", -1.0 / 11), ("fbias", 1.0),
      ("hss", -0.2), ("pc", 4.0 / 6),
    ]
    for (name, value) in gtExpected {
      #expect(close(gt[name], value), "gt \(name): \(gt)")
    }
  }

  @Test(
    "a group without events has empty pod, far, csi, ets, fbias and hss (null in JSON), never NaN")
  func zeroEvents() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for lead: Int64 in 1...3 {
      try writer.forecast(city: 1, issuedAt: march1, lead: lead, ["precipitation": 0])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["precipitation": 0.2])
    }
    let csv = CSVTable(
      await harness.run(
        "verify", "--var", "precipitation", "--threshold", "1", "--source", "forecast"
      ).stdout)
    let row = csv.rows[0]
    #expect([row["a"], row["b"], row["c"], row["d"]] == ["0", "0", "0", "3"])
    for name in ["pod", "far", "csi", "ets", "fbias", "hss", "corr"] {
      #expect(row[name] == "", "\(name)")
    }
    #expect(row["pofd"] == "0.0")
    #expect(row["pc"] == "1.0")
    let json = await harness.run(
      "verify", "--var", "precipitation", "--threshold", "1", "--source", "forecast", "--format",
      "json")
    #expect(json.stdout.contains("\"pod\":null"), "\(json.stdout)")
    #expect(!json.stdout.lowercased().contains("nan"))
    let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(objects?.first?["d"] as? Int == 3)
  }

  /// Event > 0.1 mm. (p %, O mm): (10, 0) (80, 0.3) (50, 0) (30, 0.4) →
  /// BS = (0.1² + 0.2² + 0.5² + 0.7²) / 4 = 0.79 / 4 = 0.1975.
  @Test("the Brier score of the stored precipitation probability matches a hand computation")
  func brier() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let rows: [(Double, Double, Double)] = [(0, 10, 0), (0.5, 80, 0.3), (0.2, 50, 0), (0, 30, 0.4)]
    for (index, (amount, probability, observed)) in rows.enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(
        city: 1, issuedAt: march1, lead: lead,
        ["precipitation": amount, "precipitation_probability": probability])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["precipitation": observed])
    }
    let result = await harness.run(
      "verify", "--var", "precipitation", "--threshold", "0.1", "--op", "gt", "--source", "forecast"
    )
    #expect(close(CSVTable(result.stdout).rows[0]["bs"], 0.1975), "\(result)")
    #expect(!result.stderr.contains("warning"), "no warning for the event Open-Meteo forecasts")
    let other = await harness.run(
      "verify", "--var", "precipitation", "--threshold", "1", "--source", "forecast")
    #expect(other.stderr.contains("warning: bs scores Open-Meteo's precipitation_probability"))
  }

  /// Three forecasts have a probability but no amount (NULL precipitation): they are Brier pairs
  /// (p, o) = (0.9, 1), (0.2, 0), (0.6, 1) next to the amount pairs (0.1, 0) and (0.7, 0);
  /// BS = (0.01 + 0.04 + 0.16 + 0.01 + 0.49) / 5 = 0.142 over n_bs = 5, while n = 2.
  @Test("bs uses every pair with a probability and an observation, forecast amount or not")
  func brierWithoutAmount() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let rows: [(Double?, Double, Double)] = [
      (0, 10, 0), (nil, 90, 2), (nil, 20, 0), (0.5, 70, 0), (nil, 60, 0.4),
    ]
    for (index, (amount, probability, observed)) in rows.enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(
        city: 1, issuedAt: march1, lead: lead,
        ["precipitation": amount, "precipitation_probability": probability])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["precipitation": observed])
    }
    let result = await harness.run(
      "verify", "--var", "precipitation", "--threshold", "0.1", "--op", "gt", "--source", "forecast"
    )
    let row = CSVTable(result.stdout).rows[0]
    #expect(row["n"] == "2")
    #expect(row["n_bs"] == "5", "\(result)")
    #expect(close(row["bs"], 0.142), "\(result)")
  }
}
