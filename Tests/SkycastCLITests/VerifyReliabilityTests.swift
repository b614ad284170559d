import Foundation
import TestSupport
import Testing

/// `verify --reliability`: the Brier decomposition, skill and ROC area of the stored
/// precipitation probability, the reliability table and diagram.
@Suite struct VerifyReliabilityTests {
  /// One hourly forecast per pair (issued 2026-03-01T00:00Z, leads 1, 2, …) with its probability
  /// and, every third one, no amount; the observation at the valid time.
  static func write(_ harness: CLIHarness, percent: [Double], observed: [Double]) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    for (index, (probability, amount)) in zip(percent, observed).enumerated() {
      let lead = Int64(index + 1)
      try writer.forecast(
        city: 1, issuedAt: march1, lead: lead,
        [
          "precipitation": index % 3 == 0 ? nil : 0.5,
          "precipitation_probability": probability,
        ])
      try writer.observation(city: 1, validAt: march1 + lead * hour, ["precipitation": amount])
    }
  }

  @Test(
    "Brier score, resolution, uncertainty, skill and ROC area equal scores and verif on 400 pairs; the identity holds"
  )
  func matchesReference() async throws {
    let reference = try #require(try ReferenceVectors.load()["probabilities"] as? [String: Any])
    let observed = ReferenceVectors.doubles(reference["observed"]).map { $0 ?? 0 }
    for (name, column) in [("raw", "percent"), ("binned", "binned_percent")] {
      let harness = CLIHarness()
      try Self.write(
        harness, percent: ReferenceVectors.doubles(reference[column]).map { $0 ?? 0 },
        observed: observed)
      let expected = try #require(reference[name] as? [String: Any])
      func value(_ key: String) -> Double { ReferenceVectors.double(expected[key])! }
      let result = await harness.run("verify", "--reliability", "--source", "forecast")
      #expect(result.exitCode == 0, "\(result)")
      let csv = CSVTable(result.stdout)
      #expect(
        csv.header == [
          "n_bs", "base_rate", "bs", "rel", "res", "unc", "bs_binned", "bss", "roc_area",
        ])
      let row = try #require(csv.rows.first)
      #expect(row["n_bs"] == "400", "pairs without an amount count too")
      #expect(close(row["bs"], value("bs")), "\(name) \(row)")
      #expect(close(row["res"], value("res")), "\(name) \(row)")
      #expect(close(row["unc"], value("unc")), "\(name) \(row)")
      #expect(close(row["bss"], value("bss")), "\(name) \(row)")
      #expect(close(row["roc_area"], value("roc_area")), "\(name) \(row)")
      let rel = try #require(row["rel"].flatMap(Double.init))
      let res = try #require(row["res"].flatMap(Double.init))
      let unc = try #require(row["unc"].flatMap(Double.init))
      #expect(close(row["bs_binned"], rel - res + unc, within: 1e-12))
      if name == "binned" {
        #expect(close(row["rel"], value("rel")))
        #expect(close(row["bs_binned"], value("bs")))
      }
    }
  }

  /// (p %, observed mm): (10,0) (10,0.5) (30,0) (30,0.1) (80,2) (80,0.3) (80,0) (90,1.2); the
  /// event is > 0.1 mm, so 30 % with 0.1 mm is no event.
  @Test("the reliability table has ten bins with counts, mean probability and observed frequency")
  func bins() async throws {
    let harness = CLIHarness()
    try Self.write(
      harness, percent: [10, 10, 30, 30, 80, 80, 80, 90],
      observed: [0, 0.5, 0, 0.1, 2, 0.3, 0, 1.2])
    let result = await harness.run(
      "verify", "--reliability", "--bins", "--source", "forecast", "--format", "csv")
    let csv = CSVTable(result.stdout)
    #expect(csv.header == ["p_lo", "p_hi", "n", "events", "p_mean", "obs_freq"], "\(result)")
    #expect(csv.rows.count == 10)
    #expect(csv.rows.map { $0["n"] } == ["0", "2", "0", "2", "0", "0", "0", "0", "3", "1"])
    #expect(csv.rows.map { $0["events"] } == ["0", "1", "0", "0", "0", "0", "0", "0", "2", "1"])
    let eighty = csv.rows[8]
    #expect(eighty["p_lo"] == "0.8" && eighty["p_hi"] == "0.9")
    #expect(close(eighty["p_mean"], 0.8) && close(eighty["obs_freq"], 2.0 / 3))
    #expect(csv.rows[0]["p_mean"] == "" && csv.rows[0]["obs_freq"] == "")
    let summary = CSVTable(
      await harness.run("verify", "--reliability", "--source", "forecast").stdout
    ).rows[0]
    #expect(close(summary["bs"], 0.21625) && close(summary["bs_binned"], 0.21625))
    #expect(close(summary["roc_area"], 11.5 / 16))
    let table = await harness.run(
      "verify", "--reliability", "--source", "forecast", "--format", "table")
    #expect(table.stdout.contains("10 bins of width 10 %"), "\(table)")
  }

  @Test("the reliability diagram has the diagonal, climatology, no-skill line and counts")
  func diagram() async throws {
    let harness = CLIHarness()
    try Self.write(
      harness, percent: [10, 10, 30, 30, 80, 80, 80, 90],
      observed: [0, 0.5, 0, 0.1, 2, 0.3, 0, 1.2])
    let result = await harness.run(
      "verify", "--reliability", "--source", "forecast", "--format", "svg", "-o", "rel.svg")
    #expect(result.exitCode == 0, "\(result)")
    let svg = try String(contentsOfFile: harness.directory.file("rel.svg"), encoding: .utf8)
    for text in [
      "Reliability diagram of the probability of precipitation", "perfect",
      "climatology 0.500", "no skill", "Forecast probability", "Observed frequency",
      "n = 3", "Forecasts per bin (log scale)",
    ] {
      #expect(svg.contains(text), "\(text)")
    }
  }

  @Test(
    "--reliability usage errors",
    arguments: [
      ["--var", "temperature_2m"], ["--revisions"], ["--ci", "--bins"], ["--skill", "persistence"],
      ["--pairs"],
    ])
  func usage(arguments: [String]) async throws {
    let harness = CLIHarness()
    try Self.write(harness, percent: [10], observed: [0])
    let result = await harness.run(["verify", "--reliability"] + arguments)
    #expect(result.exitCode == 64, "\(arguments): \(result)")
    let bins = await harness.run("verify", "--bins")
    #expect(bins.exitCode == 64)
  }
}
