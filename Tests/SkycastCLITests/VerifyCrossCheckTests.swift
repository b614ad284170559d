import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import SkycastModel

/// `verify` computes its scores inside SQLite from sums; the Swift accumulators of
/// `Analysis/Verification` compute them pair by pair with a stable co-moment update. On random
/// data both must agree, so the SQL path is checked against an independent implementation.
@Suite struct VerifyCrossCheckTests {
  @Test(
    "SQL scores and contingency counts equal the Swift accumulators on seeded random pairs",
    arguments: [EventOperator.ge, .gt])
  func sqlMatchesSwift(op: EventOperator) async throws {
    let harness = CLIHarness()
    let history = HistoryBuilder(store: try harness.store())
    let city = try history.city("Random", timezone: "UTC")
    var random = SplitMix64(seed: 42)
    var accumulators: [Int64: ContinuousAccumulator] = [:]
    var tables: [Int64: ContingencyTable] = [:]
    let start = history.instant(city, "2026-02-01", hour: 0)
    var observed: [Int64: Double] = [:]
    for hour in 0..<(24 * 12) {
      // Values on a 0.5 grid, so some land exactly on the threshold.
      let value = (random.nextUniform() * 6).rounded() / 2
      observed[start + Int64(hour) * 3600] = value
      try history.observedHour(city, validAt: start + Int64(hour) * 3600, ["precipitation": value])
    }
    for issue in 0..<8 {
      let issued = start + Int64(issue) * 86_400
      let fetch = try history.fetch(city, requestedAt: issued, issuedAt: issued)
      for lead in stride(from: 0, to: 96, by: 3) {
        let valid = issued + Int64(lead) * 3600
        guard let truth = observed[valid] else { continue }
        let forecast = max(
          0, truth + (random.nextGaussian() * Double(1 + lead / 24) * 4).rounded() / 4)
        try history.forecast(
          city, fetch: fetch, issuedAt: issued, validAt: valid, ["precipitation": forecast])
        accumulators[Int64(lead / 24), default: ContinuousAccumulator()].add(
          forecast: forecast, observed: truth)
        tables[Int64(lead / 24), default: ContingencyTable()].add(
          forecast: forecast, observed: truth, threshold: 1, op: op)
      }
    }
    let result = await harness.run(
      "verify", "--var", "precipitation", "--by", "lead-day", "--threshold", "1", "--op",
      op.rawValue,
      "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let csv = CSVTable(result.stdout)
    #expect(csv.rows.count == accumulators.count)
    for (leadDay, accumulator) in accumulators {
      let row = try #require(csv.row("lead_day", String(leadDay)))
      let expected = accumulator.scores
      #expect(row["n"] == String(expected.n))
      for (column, value) in [
        ("bias", expected.bias), ("mae", expected.mae), ("rmse", expected.rmse),
        ("corr", expected.corr),
      ] {
        #expect(
          abs((Double(row[column] ?? "") ?? .nan) - (value ?? .nan)) < 1e-9,
          "\(column) at lead day \(leadDay)")
      }
      let table = try #require(tables[leadDay])
      #expect(
        [row["a"], row["b"], row["c"], row["d"]]
          == [table.a, table.b, table.c, table.d].map { String($0) })
      #expect(abs((Double(row["ets"] ?? "") ?? .nan) - (table.ets ?? .nan)) < 1e-12)
    }
  }
}
