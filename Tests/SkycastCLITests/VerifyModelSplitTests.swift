import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// No silent pooling of models (issue 42: `verify --city Alpenau --by lead-day` pooled
/// best_match and demo_model_b under source forecast, n 5096 at lead 0, and `--compare forecast
/// demo_provider` averaged them as "A").
@Suite struct VerifyModelSplitTests {
  /// Source forecast with models m1 and m2 (m2 1 °C warmer), source other with one model.
  static func write(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let start: Int64 = 1_767_225_600
    for day in 0..<30 {
      let valid = start + Int64(day) * 86_400
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": Double(day % 5)])
      let issued = valid - 86_400
      try writer.forecast(
        city: 1, model: "m1", issuedAt: issued, lead: 24, ["temperature_2m": Double(day % 5)])
      try writer.forecast(
        city: 1, model: "m2", issuedAt: issued, lead: 24,
        ["temperature_2m": Double(day % 5) + 1])
      try writer.forecast(
        city: 1, source: "other", model: "other", issuedAt: issued, lead: 24,
        ["temperature_2m": Double(day % 5) + 2])
    }
  }

  @Test("a source with two models and no --model gets one row per model, named in the comment")
  func split() async throws {
    let harness = CLIHarness()
    try Self.write(harness)
    let result = await harness.run(
      "verify", "--var", "temperature_2m", "--obs", "era5", "--source", "forecast", "--format",
      "csv")
    #expect(result.exitCode == 0, "\(result)")
    let rows = CSVTable(result.stdout).rows
    #expect(rows.map { $0["model"] ?? "" } == ["m1", "m2"], "\(result.stdout)")
    #expect(rows.map { $0["n"] ?? "" } == ["30", "30"])
    #expect(rows.map { $0["rmse"] ?? "" } == ["0.0", "1.0"])
    let table = await harness.run(
      "verify", "--var", "temperature_2m", "--obs", "era5", "--source", "forecast", "--format",
      "table")
    #expect(
      table.stdout.contains("forecasts: forecast (m1, m2), one row per model"), "\(table.stdout)")
    let chosen = await harness.run(
      "verify", "--var", "temperature_2m", "--obs", "era5", "--source", "forecast", "--model",
      "m2", "--format", "csv")
    #expect(CSVTable(chosen.stdout).header.contains("model") == false)
    #expect(CSVTable(chosen.stdout).rows.map { $0["n"] ?? "" } == ["30"])
  }

  @Test("a --compare side holding two models is refused with the list; SOURCE/MODEL chooses one")
  func compareSide() async throws {
    let harness = CLIHarness()
    try Self.write(harness)
    let refused = await harness.run(
      "verify", "--var", "temperature_2m", "--obs", "era5", "--compare", "forecast", "other")
    #expect(refused.exitCode == 64)
    #expect(
      refused.stderr.hasPrefix(
        "Error: --compare: source 'forecast' holds 2 models (m1, m2), which one side would average; name one as forecast/m1 or forecast/m2"
      ), "\(refused.stderr)")
    let chosen = await harness.run(
      "verify", "--var", "temperature_2m", "--obs", "era5", "--compare", "forecast/m2", "other",
      "--format", "csv")
    #expect(chosen.exitCode == 0, "\(chosen)")
    let row = try #require(CSVTable(chosen.stdout).rows.first)
    #expect(row["n"] == "30" && row["rmse_a"] == "1.0" && row["rmse_b"] == "2.0", "\(row)")
  }

  /// The comment names the forecasts of the cities scored, not every source in the database:
  /// the demo's previous-runs rows belong to Enschede, never to Alpenau.
  @Test("the comment names only the selected cities' forecasts")
  func commentNamesSelectedCities() async throws {
    let harness = try demoHarness()
    harness.stdoutIsTTY = true
    harness.terminalColumns = 200
    let alpenau = await harness.run(
      "verify", "--city", "Alpenau", "--obs", "synthetic", "--by", "lead-day")
    #expect(alpenau.exitCode == 0, "\(alpenau)")
    #expect(
      alpenau.stdout.contains(
        "forecasts: demo_provider (demo_provider), forecast (best_match, demo_model_b)"),
      "\(alpenau.stdout.prefix(800))")
    #expect(!alpenau.stdout.contains("previous-runs"), "\(alpenau.stdout.prefix(800))")
    let everywhere = await harness.run("verify", "--obs", "synthetic", "--by", "lead-day")
    #expect(everywhere.stdout.contains("previous-runs (best_match)"), "the whole database")
  }
}
