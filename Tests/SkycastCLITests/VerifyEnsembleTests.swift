import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// `verify --ensemble` on the `scores` reference sets stored as ensemble rows: one model per set,
/// one city, observations at the same valid times.
@Suite struct VerifyEnsembleTests {
  static let start: Int64 = 1_767_225_600  // 2026-01-01 00:00 UTC

  /// A database holding every reference set (model `set0`, `set1`, …) against `era5`.
  func harness() async throws -> (CLIHarness, [EnsembleReferenceSet]) {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "Testville", "--lat", "10", "--lon", "10", "--timezone", "UTC")
    let sets = try EnsembleReferenceSet.load()
    let store = try harness.store()
    try store.write {
      for (number, set) in sets.enumerated() {
        for (index, row) in set.members.enumerated() {
          let validAt = Self.start + Int64(number * 1000 + index) * 3600
          let local = CityTimeZone.utc.local(validAt)
          try store.database.run(
            """
            INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour,
              temperature_2m) VALUES (1, 'era5', ?, ?, ?, ?)
            """,
            [
              .integer(validAt), .text(local.date.description), .integer(Int64(local.hour)),
              .real(set.observations[index]),
            ])
          try store.database.run(
            """
            INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at, fetch_id,
              lead_hours, members) VALUES (1, ?, 'temperature_2m', ?, ?, 1, 30, ?)
            """,
            [
              .text("set\(number)"), .integer(validAt), .integer(validAt - 30 * 3600),
              .blob(EnsembleBlob.pack(row.map { $0.map(Float.init) ?? .nan })),
            ])
        }
      }
    }
    return (harness, sets)
  }

  func table(_ result: CLIResult) -> CSVTable { CSVTable(result.stdout) }

  func close(_ text: String?, _ expected: Double, _ what: String) {
    let value = text.flatMap(Double.init)
    #expect(
      value.map { abs($0 - expected) <= 1e-9 * max(1, abs(expected)) } == true,
      "\(what): \(text ?? "nil") vs \(expected)")
  }

  @Test(
    "crps, fair crps, ensemble-mean scores, spread and spread_skill equal the reference to 1e-9")
  func scoresMatchReference() async throws {
    let (harness, sets) = try await harness()
    let result = await harness.run(
      "verify", "--ensemble", "--by", "model,lead-day", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let fair = await harness.run(
      "verify", "--ensemble", "--by", "model", "--fair", "--format", "csv")
    #expect(fair.exitCode == 0, "\(fair)")
    #expect(
      table(result).header == [
        "model", "lead_day", "n", "members", "crps", "bias", "mae", "rmse", "spread",
        "spread_skill", "verif_spread", "verif_spreadskillratio",
      ])
    for (number, set) in sets.enumerated() {
      let row = try #require(table(result).row("model", "set\(number)"))
      #expect(row["lead_day"] == "1")
      #expect(row["n"] == String(set.members.count))
      close(row["crps"], set.meanCRPSECDF, "\(set.name) crps")
      close(row["bias"], set.bias, "\(set.name) bias")
      close(row["mae"], set.mae, "\(set.name) mae")
      close(row["rmse"], set.rmse, "\(set.name) rmse")
      close(row["members"], set.meanMembers, "\(set.name) members")
      close(row["spread"], set.spread, "\(set.name) spread")
      close(row["spread_skill"], set.spreadSkill, "\(set.name) spread_skill")
      // verif 1.4.0: the mean of each case's √(nanvar) (divisor M), and that over the RMSE.
      let deviations = set.members.compactMap { row -> Double? in
        let present = row.compactMap { $0 }.filter(\.isFinite)
        guard present.count >= 2 else { return nil }
        let mean = present.reduce(0, +) / Double(present.count)
        let variance = present.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
        return (variance / Double(present.count)).squareRoot()
      }
      let verifSpread = deviations.reduce(0, +) / Double(deviations.count)
      close(row["verif_spread"], verifSpread, "\(set.name) verif_spread")
      close(row["verif_spreadskillratio"], verifSpread / set.rmse, "\(set.name) ratio")
      #expect(abs(verifSpread - set.spread) > 1e-6, "\(set.name): the definitions differ")
      let fairRow = try #require(table(fair).row("model", "set\(number)"))
      close(fairRow["crps"], set.meanCRPSFair, "\(set.name) fair crps")
    }
  }

  @Test("--rank-histogram has M + 1 bins whose frequencies equal scores' to 1e-9")
  func rankHistogram() async throws {
    let (harness, sets) = try await harness()
    let result = await harness.run(
      "verify", "--ensemble", "--rank-histogram", "--by", "model", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(table(result).header == ["model", "members", "rank", "count", "frequency"])
    for (number, set) in sets.enumerated() {
      let rows = table(result).rows(where: "model", is: "set\(number)")
      #expect(rows.count == set.rankHistogram.count, "\(set.name)")
      for (rank, expected) in set.rankHistogram.enumerated() {
        #expect(rows[rank]["rank"] == String(rank))
        close(rows[rank]["frequency"], expected, "\(set.name) rank \(rank)")
      }
    }
    // The same seed draws the same ties; the output does not change from run to run.
    let again = await harness.run(
      "verify", "--ensemble", "--rank-histogram", "--by", "model", "--format", "csv")
    #expect(again.stdout == result.stdout)
  }

  @Test("--threshold turns member fractions into the Brier decomposition; --bins the table")
  func thresholdProbabilities() async throws {
    let (harness, sets) = try await harness()
    let result = await harness.run(
      "verify", "--ensemble", "--model", "set2", "--threshold", "10", "--op", "gt", "--format",
      "csv")
    #expect(result.exitCode == 0, "\(result)")
    let row = try #require(table(result).rows.first)
    // The Brier score by hand: p = fraction of members > 10, o = observation > 10.
    let set = sets[2]
    var sum = 0.0
    for (index, members) in set.members.enumerated() {
      let present = members.compactMap { $0 }
      let p = Double(present.filter { $0 > 10 }.count) / Double(present.count)
      let o = set.observations[index] > 10 ? 1.0 : 0.0
      sum += (p - o) * (p - o)
    }
    #expect(row["n_bs"] == String(set.members.count))
    close(row["bs"], sum / Double(set.members.count), "bs")
    let bins = await harness.run(
      "verify", "--ensemble", "--model", "set2", "--threshold", "10", "--op", "gt", "--bins",
      "--format", "csv")
    #expect(table(bins).rows.count == 10, "\(bins)")
    #expect(table(bins).rows.map { Int($0["n"] ?? "") ?? 0 }.reduce(0, +) == set.members.count)
  }

  @Test("--skill deterministic scores crpss against the deterministic forecast's MAE")
  func crpssAgainstDeterministic() async throws {
    let (harness, sets) = try await harness()
    // A deterministic forecast 1 °C too warm at every valid time of set 0.
    let store = try harness.store()
    try store.write {
      for index in sets[0].members.indices {
        let validAt = Self.start + Int64(index) * 3600
        let local = CityTimeZone.utc.local(validAt)
        try store.database.run(
          """
          INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at,
            valid_date, valid_hour, lead_hours, temperature_2m)
          VALUES (9, 1, 'forecast', 'best_match', ?, ?, ?, ?, 30, ?)
          """,
          [
            .integer(validAt - 30 * 3600), .integer(validAt), .text(local.date.description),
            .integer(Int64(local.hour)), .real(sets[0].observations[index] + 1),
          ])
      }
    }
    let result = await harness.run(
      "verify", "--ensemble", "--by", "model", "--skill", "deterministic", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let row = try #require(table(result).row("model", "set0"))
    #expect(row["n_ref"] == String(sets[0].members.count))
    close(row["crpss"], 1 - sets[0].meanCRPSECDF / 1, "crpss")
    #expect(table(result).row("model", "set1")?["n_ref"] == "0")
    let climatology = await harness.run(
      "verify", "--ensemble", "--by", "model", "--skill", "climatology", "--format", "csv")
    #expect(climatology.exitCode == 0, "\(climatology)")
    #expect(table(climatology).row("model", "set0")?["n_ref"] == String(sets[0].members.count))
  }

  @Test("--format svg draws the rank histogram, CRPS by lead day and spread-skill figures")
  func figures() async throws {
    let (harness, _) = try await harness()
    let histogram = await harness.run(
      "verify", "--ensemble", "--rank-histogram", "--by", "model", "--format", "svg")
    #expect(histogram.exitCode == 0, "\(histogram)")
    #expect(histogram.stdout.hasPrefix("<svg") || histogram.stdout.hasPrefix("<?xml"))
    #expect(histogram.stdout.contains("flat: a calibrated ensemble"))
    let crps = await harness.run("verify", "--ensemble", "--by", "model", "--format", "svg")
    #expect(crps.exitCode == 0, "\(crps)")
    #expect(
      crps.stdout.contains("Continuous ranked probability score of 2 m temperature by lead day"),
      "\(crps.stdout.prefix(600))")
    let spread = await harness.run(
      "verify", "--ensemble", "--by", "lead,model", "--format", "svg", "--score", "spread-skill")
    #expect(spread.exitCode == 0, "\(spread)")
    #expect(spread.stdout.contains("set0: RMSE of the mean"))
    let rmse = await harness.run("verify", "--ensemble", "--format", "svg", "--score", "rmse")
    #expect(rmse.exitCode == 0, "\(rmse)")
    #expect(rmse.stdout.contains("Root-mean-square error of the ensemble mean (°C)"))
    let wrong = await harness.run("verify", "--ensemble", "--format", "svg", "--score", "ets")
    #expect(wrong.exitCode == 64)
    let crpss = await harness.run("verify", "--ensemble", "--format", "svg", "--score", "crpss")
    #expect(crpss.exitCode == 64)
    let pit = await harness.run(
      "verify", "--ensemble", "--diagram", "pit", "--by", "model", "--format", "svg")
    #expect(pit.exitCode == 0, "\(pit)")
    #expect(pit.stdout.contains("PIT histogram of 2 m temperature"))
    let pitTable = await harness.run(
      "verify", "--ensemble", "--diagram", "pit", "--by", "model", "--format", "csv")
    #expect(pitTable.exitCode == 0, "\(pitTable)")
    #expect(pitTable.stdout.hasPrefix("model,pit_lo,pit_hi,frequency"))
    let notEnsemble = await harness.run("verify", "--diagram", "pit")
    #expect(notEnsemble.exitCode == 64)
    let reliability = await harness.run(
      "verify", "--ensemble", "--threshold", "10", "--by", "model", "--format", "svg")
    #expect(reliability.exitCode == 0, "\(reliability)")
    #expect(
      reliability.stdout.contains("<title>Ensemble reliability: 2 m temperature ≥ 10 °C</title>"),
      "\(reliability.stdout.prefix(600))")
    #expect(reliability.stdout.contains("Forecasts per bin (log scale)"))
  }

  @Test("usage errors: --by source, an unknown --skill, --rank-histogram with --threshold")
  func usageErrors() async throws {
    let (harness, _) = try await harness()
    for arguments in [
      ["--by", "source"], ["--skill", "persistence"], ["--rank-histogram", "--threshold", "1"],
      ["--var", "sunrise"], ["--compare", "a", "b"],
    ] {
      let result = await harness.run(["verify", "--ensemble"] + arguments)
      #expect(result.exitCode == 64, "\(arguments): \(result)")
    }
  }

  @Test("with no ensemble stored, the diagnosis says so instead of blaming the observations")
  func noEnsembleStored() async throws {
    let harness = CLIHarness()
    try HistoryBuilder(store: try harness.store()).smallHistory()
    let result = await harness.run("verify", "--ensemble")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr.contains("no ensemble is stored"), "\(result)")
    #expect(!result.stderr.contains("'era5' observations"), "\(result)")
  }

  /// `--obs station` and flagged values reach the ensemble path too: the city's linked station
  /// (a copy of the era5 rows) gives era5's scores; a flagged value drops its pair.
  @Test("--obs station and provider flags apply to verify --ensemble")
  func stationObservations() async throws {
    let (harness, _) = try await harness()
    let store = try harness.store()
    try store.write {
      try store.database.execute(
        """
        INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour,
          temperature_2m)
        SELECT city_id, 'station:dwd:00433', valid_at, valid_date, valid_hour, temperature_2m
        FROM hourly_observations WHERE source = 'era5'
        """)
      try store.cacheStations(
        [Station(provider: .dwd, id: "00433", name: "Near", latitude: 10, longitude: 10.01)],
        loadedAt: 0)
    }
    #expect(await harness.run("station", "link", "Testville", "dwd:00433").exitCode == 0)
    let era5 = await harness.run(
      "verify", "--ensemble", "--by", "model", "--obs", "era5", "--format", "csv")
    let station = await harness.run(
      "verify", "--ensemble", "--by", "model", "--obs", "station", "--format", "csv")
    #expect(era5.exitCode == 0 && station.exitCode == 0, "\(era5)\n\(station)")
    #expect(!table(era5).rows.isEmpty && table(station).rows == table(era5).rows)

    // Flag the first station value: one pair fewer, unless --include-suspect.
    try store.write {
      try store.flagObservation(
        cityID: 1, source: .station(provider: .dwd, id: "00433"), variable: .temperature2m,
        validAt: Self.start,
        flag: "suspect")
    }
    func pairs(_ extra: String...) async -> Int {
      let result = await harness.run(
        ["verify", "--ensemble", "--obs", "station", "--format", "csv"] + extra)
      return table(result).rows.compactMap { $0["n"].flatMap(Int.init) }.reduce(0, +)
    }
    let all = table(era5).rows.compactMap { $0["n"].flatMap(Int.init) }.reduce(0, +)
    #expect(await pairs() == all - 1)
    #expect(await pairs("--include-suspect") == all)
  }
}
