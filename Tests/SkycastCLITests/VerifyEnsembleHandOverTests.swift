import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// `verify --ensemble --pairs --format verif`: the stored members as verif's text input (CI has
/// verif read it back, see `Tests/Reference/check_verif_columns.py`).
@Suite struct VerifyEnsembleHandOverTests {
  /// City 7 with era5 temperatures at 07:00–10:00 UTC on 2026-03-01 (none at 11:00); model `m`
  /// issued at 06:00 with three members (two at 10:00, where the second is absent), the 08:00
  /// value stored twice (fetch 2 replaces fetch 1's), an 11:00 value without an observation;
  /// model `other` at 07:00.
  func harness() async throws -> CLIHarness {
    let harness = CLIHarness()
    let store = try harness.store()
    let writer = HistoryWriter(store: store)
    try writer.city(7, "Alpha")
    let issued = march1 + 6 * hour
    for (lead, observed) in [(Int64(1), 2.0), (2, 3.0), (3, 4.5), (4, -1.0)] {
      try writer.observation(
        city: 7, validAt: issued + lead * hour, ["temperature_2m": observed])
    }
    let values: [(String, Int64, Int64, [Float])] = [
      ("m", 1, 1, [1.5, 2.5, 3.5]),
      ("m", 2, 1, [9, 9, 9]),
      ("m", 2, 2, [2.3, 3.3, 4.3]),
      ("m", 3, 1, [4, 6, 5]),
      ("m", 4, 1, [-1.25, .nan]),
      ("m", 5, 1, [0, 0, 0]),
      ("other", 1, 1, [7, 7, 7]),
    ]
    try store.write {
      for (model, lead, fetch, members) in values {
        try store.database.run(
          """
          INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at, fetch_id,
            lead_hours, members) VALUES (7, ?, 'temperature_2m', ?, ?, ?, ?, ?)
          """,
          [
            .text(model), .integer(issued + lead * hour), .integer(issued), .integer(fetch),
            .integer(lead), .blob(EnsembleBlob.pack(members)),
          ])
      }
    }
    return harness
  }

  /// Reference time = valid − lead = the issue, 20260301 06 UTC. The 08:00 row is fetch 2's,
  /// with its mean (2.3 + 3.3 + 4.3)/3 of the stored binary32 values; 10:00 has its absent
  /// member and the third column it lacks as nan.
  @Test("rows are obs, the ensemble mean and e0 e1 e2 in stored order, one per run and lead")
  func members() async throws {
    let harness = try await harness()
    let result = await harness.run(
      "verify", "--ensemble", "--model", "m", "--pairs", "--format", "verif")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let mean = [Float(2.3), 3.3, 4.3].map(Double.init).sorted().reduce(0, +) / 3
    #expect(
      result.stdout == """
        # variable: temperature_2m
        # units: °C
        date hour leadtime location lat lon altitude obs fcst e0 e1 e2
        20260301 6 1 7 0.0 0.0 0.0 2.0 2.5 1.5 2.5 3.5
        20260301 6 2 7 0.0 0.0 0.0 3.0 \(mean) 2.3 3.3 4.3
        20260301 6 3 7 0.0 0.0 0.0 4.5 5.0 4.0 6.0 5.0
        20260301 6 4 7 0.0 0.0 0.0 -1.0 -1.25 -1.25 nan nan

        """)
  }

  /// The file's `fcst` is the mean `verify --ensemble` scores: their mean absolute errors agree
  /// (without the duplicate fetch, which the scores count twice).
  @Test("the fcst column's MAE is verify --ensemble's mae")
  func meanIsScored() async throws {
    let harness = try await harness()
    try harness.store().database.run(
      "DELETE FROM ensemble_forecasts WHERE fetch_id = 1 AND lead_hours = 2")
    let file = await harness.run(
      "verify", "--ensemble", "--model", "m", "--pairs", "--format", "verif")
    let scores = await harness.run("verify", "--ensemble", "--model", "m", "--format", "csv")
    #expect(file.exitCode == 0 && scores.exitCode == 0, "\(file.stderr)\(scores.stderr)")
    let rows = file.stdout.split(separator: "\n").dropFirst(3).map {
      $0.split(separator: " ").compactMap { Double($0) }
    }
    #expect(rows.count == 4)
    let mae = rows.map { abs($0[8] - $0[7]) }.reduce(0, +) / Double(rows.count)
    let table = CSVTable(scores.stdout)
    let scored = try #require(table.rows.first?["mae"].flatMap(Double.init))
    #expect(abs(mae - scored) <= 1e-12, "\(mae) vs \(scored)")
    #expect(table.rows.first?["n"] == "4")
  }

  @Test("--ensemble --pairs needs --format verif and one --model, and takes no score options")
  func usage() async throws {
    let harness = try await harness()
    let cases: [([String], String)] = [
      (
        ["--pairs"],
        "--ensemble --pairs writes the members as verif's text input: add --format verif"
      ),
      (["--pairs", "--format", "csv"], "add --format verif"),
      (["--format", "verif", "--model", "m"], "--format verif writes pairs; add --pairs"),
      (["--pairs", "--format", "verif"], "give one --model"),
      (["--pairs", "--format", "verif", "--model", "m", "--model", "other"], "give one --model"),
      (["--pairs", "--format", "verif", "--model", "m", "--fair"], "leave out --fair"),
      (["--pairs", "--format", "verif", "--model", "m", "--by", "lead"], "leave out --by"),
      (
        ["--pairs", "--format", "verif", "--model", "m", "--threshold", "1"],
        "leave out --threshold"
      ),
      (
        ["--pairs", "--format", "verif", "--model", "m", "--rank-histogram"],
        "leave out --rank-histogram"
      ),
    ]
    for (arguments, message) in cases {
      let result = await harness.run(["verify", "--ensemble"] + arguments)
      #expect(result.exitCode == 64, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }
}
