import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

/// `verify --lead-from run|fetch`: leads from the model run that `collect` recorded, or from
/// the fetch as before.
@Suite struct VerifyLeadFromTests {
  /// Berlin's forecast of ecmwf_ifs025 collected at the harness's start, and ERA5 for its days.
  static func collectedAndObserved() async throws -> Ingest.World {
    let world = try Ingest.World()
    try await Ingest.addCity(
      world.harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    #expect(await world.harness.run("collect", "--models", "ecmwf_ifs025").exitCode == 0)
    world.advance(days: 10)
    #expect(
      await world.harness.run("observe", "--from", "2026-03-19", "--to", "2026-03-26").exitCode
        == 0)
    return world
  }

  /// Collected at 2026-03-20T09:46:40Z (issued 09:00), run 00 UTC: lead from run = lead + 9.
  @Test("leads count from the run by default where known; --lead-from fetch is today's table")
  func leadFrom() async throws {
    let world = try await Self.collectedAndObserved()
    defer { world.stop() }
    let harness = world.harness
    #expect(
      try Ingest.rows(harness, "SELECT issued_at - run_at FROM fetches WHERE source = 'forecast'")
        == [["32400"]])

    let byRun = await harness.run("verify", "--by", "lead", "--format", "csv")
    #expect(byRun.exitCode == 0, "\(byRun)")
    let table = await harness.run("verify", "--by", "lead-day", "--format", "table")
    #expect(table.stdout.contains("lead from the model run"), "\(table.stdout)")
    // Fetched at 09:46:40 from the 00 UTC run: the served run was 9.8 h old.
    #expect(table.stdout.contains("runs were 9.8 h old on average when fetched"))
    let byFetch = await harness.run(
      "verify", "--by", "lead", "--format", "csv", "--lead-from", "fetch")
    #expect(byFetch.exitCode == 0, "\(byFetch)")
    let run = CSVTable(byRun.stdout).rows
    let fetch = CSVTable(byFetch.stdout).rows
    // The same forecasts, 9 hours further from their run than from their fetch; and the hours
    // between the run and the fetch (already past when received) are leads 0-8 of the run.
    #expect(!fetch.isEmpty && run.count == fetch.count + 9, "\(run.count) vs \(fetch.count)")
    let runByLead = Dictionary(uniqueKeysWithValues: run.map { ($0["lead_hours"] ?? "", $0) })
    for row in fetch {
      let lead = Int(row["lead_hours"] ?? "") ?? -1
      let same = try #require(runByLead[String(lead + 9)], "lead \(lead)")
      #expect(row["mae"] == same["mae"] && row["n"] == same["n"], "lead \(lead)")
    }
    #expect(run.map { Int($0["lead_hours"] ?? "") ?? -1 }.min() == 0)
    #expect(fetch.map { Int($0["lead_hours"] ?? "") ?? -1 }.min() == 0)

    // Without any recorded run the default is the fetch, and the numbers are today's.
    let store = try harness.store()
    try store.database.execute("UPDATE fetches SET run_at = NULL, run_available_at = NULL")
    let unknown = await harness.run("verify", "--by", "lead", "--format", "csv")
    #expect(unknown.exitCode == 0, "\(unknown)")
    #expect(CSVTable(unknown.stdout).rows == fetch)
    let unknownTable = await harness.run("verify", "--by", "lead-day", "--format", "table")
    #expect(!unknownTable.stdout.contains("lead from"), "no note when no run is known")
  }

  @Test("the merge-join and SQL paths agree on leads from the run")
  func pathsAgree() async throws {
    let world = try await Self.collectedAndObserved()
    defer { world.stop() }
    let harness = world.harness
    let grouped = await harness.run("verify", "--by", "lead-day", "--format", "csv")
    // --skill climatology takes the SQL path; the plain table the merge join.
    let withCI = await harness.run(
      "verify", "--by", "lead-day", "--skill", "climatology", "--format", "csv")
    #expect(grouped.exitCode == 0 && withCI.exitCode == 0, "\(grouped)\n\(withCI)")
    let plain = CSVTable(grouped.stdout).rows
    let bootstrapped = CSVTable(withCI.stdout).rows
    #expect(plain.map { $0["lead_day"] } == bootstrapped.map { $0["lead_day"] })
    #expect(plain.map { $0["mae"] } == bootstrapped.map { $0["mae"] })
    #expect(plain.map { $0["n"] } == bootstrapped.map { $0["n"] })
    #expect(plain.first?["lead_day"] == "0" && plain.count >= 2)
  }
}

extension VerifyLeadFromTests {
  @Test("two fetches of one model run are one issue for revisions, not a revision")
  func sameRunOneIssue() async throws {
    let world = try Ingest.World()
    defer { world.stop() }
    let harness = world.harness
    try await Ingest.addCity(
      harness, "Berlin", latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin")
    #expect(await harness.run("collect", "--models", "ecmwf_ifs025").exitCode == 0)
    // Ten minutes later the latest run is still 00 UTC: the same run, fetched again.
    world.advance(days: 600.0 / 86_400)
    #expect(await harness.run("collect", "--models", "ecmwf_ifs025", "--force").exitCode == 0)
    #expect(
      try Ingest.rows(harness, "SELECT count(*), count(DISTINCT run_at) FROM fetches")
        == [["2", "1"]])
    let sameRun = await harness.run("verify", "--revisions", "--format", "csv")
    #expect(sameRun.exitCode == 0, "\(sameRun)")
    let rows = CSVTable(sameRun.stdout).rows
    #expect(!rows.isEmpty && rows.allSatisfy { $0["revisions"] == "0" }, "\(sameRun)")

    // Without the run known, the second fetch is an issue of its own: one revision each.
    let store = try harness.store()
    try store.database.execute("UPDATE fetches SET run_at = NULL")
    let unknown = await harness.run("verify", "--revisions", "--format", "csv")
    #expect(unknown.exitCode == 0, "\(unknown)")
    #expect(
      CSVTable(unknown.stdout).rows.contains { Int($0["revisions"] ?? "") ?? 0 > 0 }, "\(unknown)")
  }
}

extension VerifyLeadFromTests {
  @Test("export hourly --lead-from run counts lead_hours from the recorded run; fetch is as stored")
  func exportLeads() async throws {
    let world = try await Self.collectedAndObserved()
    defer { world.stop() }
    let harness = world.harness
    let stored = await harness.run("export", "hourly", "--format", "csv")
    let fromRun = await harness.run("export", "hourly", "--lead-from", "run", "--format", "csv")
    #expect(stored.exitCode == 0 && fromRun.exitCode == 0, "\(stored)\n\(fromRun)")
    let before = CSVTable(stored.stdout).rows
    let after = CSVTable(fromRun.stdout).rows
    #expect(!before.isEmpty && before.count == after.count)
    for (row, run) in zip(before, after) {
      #expect(row["valid_at"] == run["valid_at"])
      #expect(Int(run["lead_hours"] ?? "") == (Int(row["lead_hours"] ?? "") ?? 0) + 9)
    }
    let fetch = await harness.run("export", "hourly", "--lead-from", "fetch", "--format", "csv")
    #expect(fetch.stdout == stored.stdout)
  }
}
