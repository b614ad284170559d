import Foundation
import TestSupport
import Testing

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
}
