import Foundation
import TestSupport
import Testing

@testable import SkycastCLI
@testable import Store

/// `verify --by season` and `--by hour-of-day`.
@Suite struct VerifyStratificationTests {
  /// 2026-01-15 and 2026-07-15 00:00 UTC.
  static let january: Int64 = 1_768_435_200
  static let july: Int64 = 1_784_073_600

  /// Alpha (latitude 0, north) and Beta (latitude −33.9, south) each get one pair in January
  /// (error +1) and two in July (errors +2, +4): Alpha DJF n 1 bias 1, JJA n 2 bias 3; Beta,
  /// flipped, JJA n 1 bias 1 (its summer), DJF n 2 bias 3.
  static func writeSeasons(_ harness: CLIHarness) throws {
    let store = try harness.store()
    let writer = HistoryWriter(store: store)
    try writer.city(1, "Alpha")
    try writer.city(2, "Beta")
    try store.database.run("UPDATE cities SET latitude = -33.9 WHERE id = 2")
    for city: Int64 in [1, 2] {
      for (issued, lead, error) in [
        (january, Int64(3), 1.0), (july, 3, 2.0), (july, 5, 4.0),
      ] {
        try writer.forecast(
          city: city, issuedAt: issued, lead: lead, ["temperature_2m": 10 + error])
        try writer.observation(city: city, validAt: issued + lead * hour, ["temperature_2m": 10])
      }
      for (date, error) in [("2026-01-20", 1.0), ("2026-07-20", 2.0), ("2026-07-21", 4.0)] {
        try writer.dailyForecast(
          city: city, issuedAt: january, date: date, ["temperature_2m_max": 10 + error])
        try writer.dailyObservation(city: city, date: date, ["temperature_2m_max": 10])
      }
    }
  }

  @Test(
    "seasons are DJF/MAM/JJA/SON, shifted by six months south of the equator, on the hourly and daily paths",
    arguments: ["temperature_2m", "temperature_2m_max"])
  func seasons(variable: String) async throws {
    let harness = CLIHarness()
    try Self.writeSeasons(harness)
    let result = await harness.run(
      "verify", "--var", variable, "--source", "forecast", "--by", "city,season", "--scores",
      "quantiles")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let csv = CSVTable(result.stdout)
    #expect(csv.header.prefix(3) == ["city", "season", "n"])
    let rows = csv.rows.map { [$0["city"]!, $0["season"]!, $0["n"]!, $0["bias"]!, $0["p50"]!] }
    #expect(
      rows == [
        ["Alpha", "DJF", "1", "1.0", "1.0"], ["Alpha", "JJA", "2", "3.0", "3.0"],
        ["Beta", "DJF", "2", "3.0", "3.0"], ["Beta", "JJA", "1", "1.0", "1.0"],
      ])
  }

  /// Rows come in the year's order, not alphabetically (DJF, JJA, MAM, SON).
  @Test("seasons are listed in the year's order")
  func seasonOrder() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    // July, January, 2026-04-15 and 2026-10-15, 00:00 UTC.
    for issued: Int64 in [Self.july, Self.january, 1_776_211_200, 1_792_022_400] {
      try writer.forecast(city: 1, issuedAt: issued, lead: 3, ["temperature_2m": 11])
      try writer.observation(city: 1, validAt: issued + 3 * 3600, ["temperature_2m": 10])
    }
    let result = await harness.run("verify", "--source", "forecast", "--by", "season")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      CSVTable(result.stdout).rows.map { $0["season"] ?? "" } == ["DJF", "MAM", "JJA", "SON"],
      "\(result)")
  }

  @Test("--revisions and --compare group by season too")
  func otherModes() async throws {
    let harness = CLIHarness()
    try Self.writeSeasons(harness)
    let revisions = await harness.run("verify", "--revisions", "--by", "city,season")
    #expect(revisions.exitCode == 0, "\(revisions.stderr)")
    #expect(
      CSVTable(revisions.stdout).rows.map { $0["season"] ?? "" }.sorted() == [
        "DJF", "DJF", "JJA", "JJA",
      ])
  }

  @Test("--by hour-of-day is the local valid hour, the valid-hour key")
  func hourOfDay() async throws {
    let harness = CLIHarness()
    try Self.writeSeasons(harness)
    let alias = await harness.run("verify", "--source", "forecast", "--by", "hour-of-day")
    let key = await harness.run("verify", "--source", "forecast", "--by", "valid-hour")
    #expect(alias.exitCode == 0, "\(alias.stderr)")
    #expect(alias.stdout == key.stdout)
    #expect(CSVTable(alias.stdout).rows.map { $0["valid_hour"] ?? "" } == ["3", "5"])
  }
}

/// `verify --same-cases` and `--by obs-range` on the demo history, against counts made here
/// from `--pairs`.
@Suite struct VerifyPairPathTests {
  static let common = [
    "verify", "--var", "temperature_2m", "--obs", "synthetic", "--source", "forecast", "--model",
    "best_match",
  ]

  /// The pairs as (lead day, city, valid time, observed).
  static func pairs(_ harness: CLIHarness) async throws -> [(Int, String, String, Double)] {
    let csv = CSVTable(await harness.run(common + ["--pairs", "--format", "csv"]).stdout)
    return csv.rows.map { row in
      let lead = Int(row["lead_hours"] ?? "") ?? 0
      let day = lead >= 0 ? lead / 24 : -((-lead + 23) / 24)
      return (day, row["city"] ?? "", row["valid_at"] ?? "", Double(row["observed"] ?? "") ?? .nan)
    }
  }

  @Test("--same-cases with one model keeps every case: a case is (city, valid time, lead)")
  func sameCases() async throws {
    let harness = try demoHarness()
    let pairs = try await Self.pairs(harness)
    let result = await harness.run(
      Self.common + ["--by", "lead-day", "--same-cases", "--format", "table"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "same cases: \(pairs.count) of \(pairs.count) cases (city, valid time, lead) are forecast by all 1 source and model groups"
      ), "\(result.stdout.prefix(600))")
    var expected: [Int: Int] = [:]
    for (day, _, _, _) in pairs { expected[day, default: 0] += 1 }
    let csv = CSVTable(
      await harness.run(Self.common + ["--by", "lead-day", "--same-cases", "--format", "csv"])
        .stdout)
    #expect(csv.rows.count == expected.count)
    for row in csv.rows {
      let day = try #require(Int(row["lead_day"] ?? ""))
      #expect(row["n"] == String(expected[day] ?? -1), "lead day \(day)")
    }
  }

  @Test(
    "--by obs-range groups the pairs by the observed value's bin, lower ≤ o < upper, open at both ends"
  )
  func observationRange() async throws {
    let harness = try demoHarness()
    let pairs = try await Self.pairs(harness)
    let edges = [10.0, 15, 20]
    let labels = ["< 10", "10–15", "15–20", "≥ 20"]
    var expected: [String: Int] = [:]
    for (_, _, _, observed) in pairs {
      let bin = edges.filter { $0 <= observed }.count
      expected[labels[bin], default: 0] += 1
    }
    let result = await harness.run(
      Self.common + ["--by", "obs-range", "--obs-bins", "10,15,20", "--format", "csv"])
    #expect(result.exitCode == 0, "\(result.stderr)")
    let csv = CSVTable(result.stdout)
    #expect(csv.rows.map { $0["obs_range"] ?? "" } == labels)
    for row in csv.rows {
      #expect(row["n"] == String(expected[row["obs_range"] ?? ""] ?? -1))
    }
    let plain = CSVTable(await harness.run(Self.common + ["--format", "csv"]).stdout)
    #expect(plain.rows.first?["n"] == String(pairs.count))
  }

  /// One bin that holds every observation: the pair path's sums must give the scores of the
  /// SQL / merge-join paths (to rounding of the summation order).
  @Test(
    "one obs-range bin scores as the plain run, contingency and Brier included",
    arguments: [
      ["--var", "temperature_2m"], ["--var", "precipitation", "--threshold", "0.1", "--op", "gt"],
      ["--var", "temperature_2m_max", "--threshold", "20"],
    ])
  func pairPathAgrees(arguments: [String]) async throws {
    let harness = try demoHarness()
    let base = ["verify", "--obs", "synthetic", "--source", "forecast", "--format", "csv"]
    let plain = CSVTable(await harness.run(base + arguments + ["--by", "lead-day"]).stdout)
    let binned = await harness.run(
      base + arguments + ["--by", "lead-day,obs-range", "--obs-bins", "100000"])
    #expect(binned.exitCode == 0, "\(binned.stderr)")
    let rows = CSVTable(binned.stdout).rows
    #expect(rows.count == plain.rows.count && !rows.isEmpty)
    for (row, expected) in zip(rows, plain.rows) {
      #expect(row["obs_range"] == "< 100000")
      for (name, value) in expected {
        guard let cell = row[name] else { continue }
        if let number = Double(value), value.contains(".") {
          #expect(
            abs((Double(cell) ?? .nan) - number) <= 1e-9 * max(1, abs(number)), "\(name)")
        } else {
          #expect(cell == value, "\(name)")
        }
      }
    }
  }

  @Test(
    "pair-path usage errors name the option",
    arguments: [
      (
        ["--same-cases", "--revisions"],
        "--same-cases applies to the score table; leave out --revisions"
      ),
      (["--by", "obs-range", "--skill", "persistence"], "carry no --skill reference"),
      (["--obs-bins", "1,2"], "--obs-bins sets the bins of --by obs-range"),
      (["--by", "obs-range", "--obs-bins", "2,1"], "'1' is invalid for '--obs-bins'"),
    ])
  func usage(arguments: [String], message: String) async throws {
    let harness = CLIHarness()
    let result = await harness.run(["verify"] + arguments)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }
}
