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
