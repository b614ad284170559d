import Foundation
import TestSupport
import Testing

/// `spark --runs`: the story of one valid hour on the demo database, checked against the stored
/// rows read through `skycast sql`.
@Suite struct SparkRunsTests {
  @Test("one line per issue that forecast the hour, the newest last, values as stored")
  func story() async throws {
    let harness = try demoHarness()
    // 12:00 in Alpenau (Europe/Berlin, CEST) is 10:00Z.
    let validAt = 1_784_541_600
    let stored = await harness.run(
      "sql",
      """
      SELECT issued_at, temperature_2m FROM hourly_forecasts
      WHERE city_id = 5 AND source = 'forecast' AND model = 'best_match' AND valid_at = \(validAt)
        AND lead_hours >= 0 AND temperature_2m IS NOT NULL ORDER BY issued_at
      """, "--format", "csv")
    let rows = CSVTable(stored.stdout).rows
    #expect(rows.count > 40, "\(stored)")
    let result = await harness.run(
      "spark", "--runs", "--city", "Alpenau", "--at", "2026-07-20T12:00", "--width", "400")
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    // The by-issue line, one line per issue, and the observation.
    #expect(lines.count == rows.count + 2, "\(result)")
    #expect(lines.first?.hasPrefix("by issue") == true)
    #expect(lines.last?.hasPrefix("observed") == true)
    let newest = try #require(rows.last?["temperature_2m"] ?? nil)
    #expect(lines[0].hasSuffix("last \(newest)"), "\(lines[0]) vs \(newest)")
    // Each issue line ends with that issue's forecast for the hour and names its lead.
    for (row, line) in zip(rows, lines.dropFirst()) {
      let issued = Int(row["issued_at"] ?? "") ?? 0
      #expect(line.contains("+\((validAt - issued) / 3600) h"), "\(line)")
      #expect(line.hasSuffix("last \(row["temperature_2m"] ?? "")"), "\(line) vs \(row)")
    }
    let svg = await harness.run(
      "spark", "--runs", "--city", "Alpenau", "--at", "2026-07-20T12:00", "--format", "svg")
    #expect(svg.exitCode == 0, "\(svg)")
    #expect(svg.stdout.contains("How each issue forecast"), "\(svg.stdout.prefix(400))")
  }

  @Test(
    "usage errors",
    arguments: [
      ["spark", "--runs", "--city", "Alpenau"],
      ["spark", "--runs", "--at", "2026-07-20T12:00"],
      [
        "spark", "--runs", "--city", "Alpenau", "--at", "2026-07-20T12:00", "--from", "2026-07-01",
        "--to", "2026-07-02",
      ],
      ["spark", "--city", "Alpenau", "--model", "best_match"],
    ])
  func usage(_ arguments: [String]) async throws {
    let harness = try demoHarness()
    let result = await harness.run(arguments)
    #expect(result.exitCode == 64, "\(result)")
  }
}
