import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// `verify --same-cases` as verif's `remove_missing_across_all`: a case is (city, valid time,
/// lead), kept only where every model has it, so every model has the same n in every row
/// (issue 42: without the lead a model cut at 72 h kept a different lead mixture, n 13,163
/// against 12,792, and its RMSE was not verif's).
@Suite struct VerifySameCasesTests {
  /// 2026-01-01T00:00Z.
  static let january1: Int64 = 1_767_225_600

  /// Model A's and B's error for an issue day and a lead day (A grows with the lead).
  static func errorA(issue: Int, leadDay: Int) -> Double {
    Double((issue * 7 + leadDay * 3) % 5) - 2 + 0.5 * Double(leadDay)
  }
  static func errorB(issue: Int, leadDay: Int) -> Double {
    Double((issue * 3 + leadDay * 5) % 4) - 1.5
  }

  /// City Alpha (UTC), 10 daily issues at 00 UTC; model_a forecasts leads 0–120 h, model_b
  /// stops at 72 h, every 24 h; observations at every valid time.
  static func write(_ harness: CLIHarness) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    func observed(_ valid: Int64) -> Double { 10 + Double((valid / 86_400) % 7) }
    for day in 0..<16 {
      let valid = january1 + Int64(day) * 86_400
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": observed(valid)])
    }
    for issue in 0..<10 {
      let issued = january1 + Int64(issue) * 86_400
      for leadDay in 0...5 {
        let lead = Int64(leadDay * 24)
        let truth = observed(issued + lead * 3600)
        try writer.forecast(
          city: 1, model: "model_a", issuedAt: issued, lead: lead,
          ["temperature_2m": truth + errorA(issue: issue, leadDay: leadDay)])
        if leadDay <= 3 {
          try writer.forecast(
            city: 1, model: "model_b", issuedAt: issued, lead: lead,
            ["temperature_2m": truth + errorB(issue: issue, leadDay: leadDay)])
        }
      }
    }
  }

  static func rmse(_ errors: [Double]) -> Double {
    (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
  }

  @Test("a model that stops at 72 h: equal n in every row and verif's same-case RMSE, by hand")
  func cutAt72Hours() async throws {
    let harness = CLIHarness()
    try Self.write(harness)
    let common = [
      "verify", "--var", "temperature_2m", "--obs", "era5", "--source", "forecast", "--format",
      "csv",
    ]
    // verif: the cases (date, lead, location) both have are lead days 0–3 of every issue.
    let leadDays = 0...3
    let issues = 0..<10
    let a = issues.flatMap { issue in leadDays.map { Self.errorA(issue: issue, leadDay: $0) } }
    let b = issues.flatMap { issue in leadDays.map { Self.errorB(issue: issue, leadDay: $0) } }

    let pooled = await harness.run(common + ["--by", "model", "--same-cases"])
    #expect(pooled.exitCode == 0, "\(pooled)")
    let rows = CSVTable(pooled.stdout).rows
    #expect(rows.map { $0["model"] ?? "" } == ["model_a", "model_b"])
    #expect(rows.allSatisfy { $0["n"] == "40" }, "\(rows)")
    #expect(close(rows.first?["rmse"], Self.rmse(a)), "\(rows)")
    #expect(close(rows.last?["rmse"], Self.rmse(b)), "\(rows)")
    let table = await harness.run(
      Array(common.dropLast(2)) + ["--format", "table", "--by", "model", "--same-cases"])
    #expect(
      table.stdout.contains(
        "same cases: 40 of 60 cases (city, valid time, lead) are forecast by all 2 source and model groups, so each has the same n in every row; 20 cases dropped"
      ), "\(table.stdout.prefix(800))")

    let byLead = CSVTable(
      await harness.run(common + ["--by", "model,lead-day", "--same-cases"]).stdout
    ).rows
    #expect(byLead.count == 8, "\(byLead)")
    for row in byLead {
      let day = try #require(Int(row["lead_day"] ?? ""))
      #expect(row["n"] == "10", "\(row)")
      let errors = issues.map {
        row["model"] == "model_a"
          ? Self.errorA(issue: $0, leadDay: day) : Self.errorB(issue: $0, leadDay: day)
      }
      #expect(close(row["rmse"], Self.rmse(errors)), "\(row)")
    }

    // Without --same-cases model_a keeps its leads 4–5 days: more cases, another mixture.
    let plain = CSVTable(await harness.run(common + ["--by", "model"]).stdout).rows
    #expect(plain.first?["n"] == "60" && plain.last?["n"] == "40", "\(plain)")
  }

  func close(_ text: String?, _ value: Double) -> Bool {
    guard let text, let parsed = Double(text) else { return false }
    return abs(parsed - value) <= 1e-9 * max(1, abs(value))
  }
}
