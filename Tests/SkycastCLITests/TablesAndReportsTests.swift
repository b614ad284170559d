import Foundation
import TestSupport
import Testing

/// `sql` and `report` tables right-align numbers and show stored variables at their precision;
/// `data-completeness` covers each city's own span and the observation source it has.
@Suite struct TablesAndReportsTests {
  @Test("sql tables right-align numbers and use a variable's precision")
  func sqlTable() async throws {
    let harness = CLIHarness()
    _ = try harness.store()
    let query =
      "SELECT 'Zürich' AS city, 17.3 AS temperature_2m, 84.0 AS relative_humidity_2m, 12 AS n, 0.1 + 0.2 AS s UNION ALL SELECT '北京', -6.25, 5, 3, 10"
    let table = await harness.run("sql", query, "--format", "table")
    #expect(table.exitCode == 0, "\(table)")
    #expect(
      table.stdout
        == """
        city    temperature_2m  relative_humidity_2m   n      s
        ------  --------------  --------------------  --  -----
        Zürich            17.3                    84  12  0.300
        北京              −6.3                     5   3     10

        """.replacingOccurrences(of: "−", with: "-"), "\(table.stdout)")
    // csv and json keep every digit.
    let csv = await harness.run("sql", query, "--format", "csv")
    #expect(csv.stdout.contains("Zürich,17.3,84.0,12,0.30000000000000004\r\n"), "\(csv)")
    #expect(csv.stdout.contains("北京,-6.25,5,3,10\r\n"), "\(csv)")
  }

  @Test("report tables right-align numeric columns")
  func reportTable() async throws {
    let harness = try ReportCommandTests.harness()
    let result = await harness.run("report", "data-completeness", "--format", "table")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.hasPrefix("city") })
    let row = try #require(lines.first { $0.hasPrefix("Berlin") })
    // The number ends where its header ends.
    let end = try #require(header.range(of: "forecast_hours")).upperBound
    let column = header.distance(from: header.startIndex, to: end)
    #expect(Array(row)[column - 1] != " ", "\(header)\n\(row)")
  }

  /// Berlin's data lie on 2026-03-19/20; a city added with station data only in April starts
  /// there and counts its station hours, not era5.
  @Test("data-completeness covers each city's own span and its observation source")
  func completeness() async throws {
    let harness = try ReportCommandTests.harness()
    let builder = HistoryBuilder(store: try harness.store())
    let station = try builder.city("Station 7")
    for validAt in builder.hours(station, "2026-04-02") {
      try builder.observedHour(
        station, validAt: validAt, source: "logger", ["temperature_2m": 4, "precipitation": 0])
    }
    let result = await harness.run("report", "data-completeness", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let table = CSVTable(result.stdout)
    let berlin = table.rows.filter { $0["city"] == "Berlin" }.compactMap { $0["date"] }
    #expect(berlin.first == "2026-03-19" && berlin.last == "2026-03-20", "\(berlin)")
    let rows = table.rows.filter { $0["city"] == "Station 7" }
    #expect(rows.map { $0["date"] } == ["2026-04-02"], "\(result.stdout)")
    #expect(rows.first?["observed_source"] == "logger")
    #expect(rows.first?["observed_hours"] == "24")
    #expect(table.rows.first { $0["city"] == "Berlin" }?["observed_source"] == "era5")
    let chosen = await harness.run(
      "report", "data-completeness", "--param", "obs=logger", "--format", "csv")
    let forced = CSVTable(chosen.stdout).rows.first { $0["city"] == "Berlin" }
    #expect(forced?["observed_source"] == "logger" && forced?["observed_hours"] == "0")
  }

  @Test("city add --help picks the capital 北京 as the README explains")
  func pickInHelp() async {
    let result = await CLIHarness().run("city", "add", "--help")
    #expect(result.stdout.contains("skycast city add 北京 --language zh --pick 3 --as Beijing"))
    #expect(!result.stdout.contains("--pick 1 --as Beijing"))
  }
}
