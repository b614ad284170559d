import Foundation
import TestSupport
import Testing

@testable import Store

/// What Skycast exports for spreadsheets imports back unchanged.
@Suite struct RoundTripTests {
  @Test(
    "an --excel observations export re-imports: BOM, units, local times, utc_offset in hours, ids ignored"
  )
  func excelObservationsRoundTrip() async throws {
    let harness = CLIHarness()
    _ = await harness.run(
      "city", "add", "--name", "北京", "--lat", "39.9", "--lon", "116.4", "--timezone",
      "Asia/Shanghai")
    _ = await harness.run(
      "city", "add", "--name", "Adelaide", "--lat", "-34.9", "--lon", "138.6", "--timezone",
      "Australia/Adelaide")
    let csv = """
      city,time,temperature_2m,precipitation
      北京,2026-04-04T12:00Z,10.5,0.2
      北京,2026-04-04T13:00Z,-6.2,
      Adelaide,2026-04-04T15:00Z,18.1,1.0
      Adelaide,2026-04-04T16:00Z,17.9,0.0
      """
    try csv.write(toFile: harness.directory.file("in.csv"), atomically: true, encoding: .utf8)
    let first = await harness.run("import", "observations", "in.csv", "--source", "station")
    #expect(first.exitCode == 0, "\(first)")
    let exported = await harness.run(
      "export", "observations", "--source", "station", "--excel", "-o", "out.csv")
    #expect(exported.exitCode == 0, "\(exported)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: harness.directory.file("out.csv")))
    #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("utc_offset (h)"))
    #expect(text.contains("9.5") || text.contains("10.5"), "Adelaide's half-hour offset in hours")
    let database = try harness.store().database
    let before = try database.query("SELECT * FROM hourly_observations ORDER BY city_id, valid_at")
    let again = await harness.run("import", "observations", "out.csv", "--source", "station")
    #expect(again.exitCode == 0, "\(again)")
    #expect(
      try database.query("SELECT * FROM hourly_observations ORDER BY city_id, valid_at") == before)
    #expect(
      try database.scalarInt("SELECT count(*) FROM fetches") == 2, "re-importing changed nothing")
  }

  /// City names a spreadsheet would run as formulas (also after a `;`, where semicolon-locale
  /// spreadsheets split a comma file) are guarded in --excel and come back unchanged.
  @Test("an --excel export guards formula-looking names, full-width and after ';', and re-imports")
  func excelFormulaGuardRoundTrip() async throws {
    let harness = CLIHarness()
    let names = ["Zed;=1+2", "＝HYPERLINK(1)", "Tab\t@x"]
    for name in names {
      let added = await harness.run(
        "city", "add", "--name", name, "--lat", "1", "--lon", "1", "--timezone", "UTC")
      #expect(added.exitCode == 0, "\(added)")
    }
    var csv = "city,time,temperature_2m\n"
    for name in names {
      csv += "\"\(name)\",2026-04-04T12:00Z,10.5\n"
    }
    try csv.write(toFile: harness.directory.file("in.csv"), atomically: true, encoding: .utf8)
    let first = await harness.run("import", "observations", "in.csv")
    #expect(first.exitCode == 0, "\(first)")
    let exported = await harness.run(
      "export", "observations", "--excel", "--format", "csv", "-o", "out.csv")
    #expect(exported.exitCode == 0, "\(exported)")
    let text = try String(contentsOfFile: harness.directory.file("out.csv"), encoding: .utf8)
    #expect(text.contains("Zed;'=1+2"), "\(text)")
    #expect(text.contains("'＝HYPERLINK(1)"), "\(text)")
    #expect(text.contains("Tab\t'@x"), "\(text)")
    let again = await harness.run("import", "observations", "out.csv")
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stderr.contains("0 new, 0 updated, 3 unchanged"), "\(again)")
  }
}
