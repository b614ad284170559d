import Foundation
import SkycastModel
import TestSupport
import Testing

/// The done-when check: a 3-city × 3-lead × 3-day forecast and observation set imported
/// from CSV yields exactly the forecast/observation pairs counted by hand, and importing both
/// files again still counts each pair once.
@Suite struct ImportPairsTests {
  struct Place {
    var name: String
    var zone: String
    var latitude: Double
    var longitude: Double
    /// UTC offset on 2026-03-10…12 (New York is already on EDT since 8 March).
    var offset: Int
    /// How this city's CSV writes times: naive local, with its offset, or in UTC.
    var style: Style
  }

  enum Style { case local, offset, utc }

  static let places = [
    Place(
      name: "Berlin", zone: "Europe/Berlin", latitude: 52.52, longitude: 13.41, offset: 3600,
      style: .local),
    Place(
      name: "北京", zone: "Asia/Shanghai", latitude: 39.9, longitude: 116.4, offset: 28_800,
      style: .offset),
    Place(
      name: "New York", zone: "America/New_York", latitude: 40.71, longitude: -74.01,
      offset: -14_400, style: .utc),
  ]
  static let days = ["2026-03-10", "2026-03-11", "2026-03-12"]
  static let leads = [24, 48, 72]

  static func text(_ epoch: Int64, _ place: Place) -> String {
    switch place.style {
    case .local: String(WallClock.iso8601(epoch: epoch, offset: place.offset).dropLast(6))
    case .offset: WallClock.iso8601(epoch: epoch, offset: place.offset)
    case .utc: String(WallClock.iso8601(epoch: epoch, offset: 0).dropLast(6)) + "Z"
    }
  }

  /// Local noon of `day` at `place`.
  static func noon(_ day: String, _ place: Place) -> Int64 {
    LocalDate(day)!.midnightAsUTC + 12 * 3600 - Int64(place.offset)
  }

  /// Observed temperature: 10 + day index + city index; forecasts add 0.5 °C per lead day.
  static func observed(_ cityIndex: Int, _ dayIndex: Int) -> Double {
    10 + Double(dayIndex) + Double(cityIndex)
  }

  /// By hand: 27 forecasts. Berlin 2026-03-11 at lead 48 has no temperature (−1); 北京 has no
  /// observation on 2026-03-12 (−3); New York's 2026-03-10 observation has no temperature (−3).
  /// 20 pairs: 7 at 24 h, 6 at 48 h, 7 at 72 h. The raw join (NULLs included) has 27 − 3 = 24.
  static func files() -> (forecasts: String, observations: String) {
    var forecasts = "city,issued_at,time,temperature_2m,precipitation\r\n"
    var observations = "city,time,temperature_2m,precipitation\r\n"
    for (cityIndex, place) in places.enumerated() {
      for (dayIndex, day) in days.enumerated() {
        let valid = noon(day, place)
        for lead in leads {
          let issued = valid - Int64(lead) * 3600
          let missing = place.name == "Berlin" && day == "2026-03-11" && lead == 48
          let value =
            missing
            ? "" : NumberText.shortest(observed(cityIndex, dayIndex) + 0.5 * Double(lead / 24))
          forecasts += "\(place.name),\(text(issued, place)),\(text(valid, place)),\(value),0.1\r\n"
        }
        if place.name == "北京" && day == "2026-03-12" { continue }
        let value =
          place.name == "New York" && day == "2026-03-10"
          ? "" : NumberText.shortest(observed(cityIndex, dayIndex))
        observations += "\(place.name),\(text(valid, place)),\(value),0.0\r\n"
        // An hour without forecasts: no pair.
        observations += "\(place.name),\(text(valid + 3600, place)),5,0.0\r\n"
      }
    }
    return (forecasts, observations)
  }

  static let pairsByLead = """
    SELECT f.lead_hours, count(*) AS pairs, avg(f.temperature_2m - o.temperature_2m) AS bias
    FROM hourly_forecasts f JOIN hourly_observations o ON o.city_id = f.city_id AND o.valid_at = f.valid_at
    WHERE f.temperature_2m IS NOT NULL AND o.temperature_2m IS NOT NULL
    GROUP BY f.lead_hours ORDER BY f.lead_hours
    """
  static let rawJoin = """
    SELECT count(*) FROM hourly_forecasts f JOIN hourly_observations o
      ON o.city_id = f.city_id AND o.valid_at = f.valid_at
    """

  @Test("3 cities × 3 leads × 3 days imported from CSV give the hand-counted pairs, once")
  func handCountedPairs() async throws {
    let harness = CLIHarness()
    for place in Self.places {
      try await Ingest.addCity(
        harness, place.name, latitude: place.latitude, longitude: place.longitude, zone: place.zone)
    }
    let (forecasts, observations) = Self.files()
    try Data(forecasts.utf8).write(
      to: URL(fileURLWithPath: harness.directory.file("forecasts.csv")))
    try Data(observations.utf8).write(
      to: URL(fileURLWithPath: harness.directory.file("observations.csv")))

    for round in 1...2 {
      let f = await harness.run("import", "forecasts", "forecasts.csv", "--source", "thesis")
      #expect(f.exitCode == 0, "\(f)")
      #expect(f.stderr.contains("imported 27 rows for 3 cities from forecasts.csv (source thesis)"))
      let o = await harness.run("import", "observations", "observations.csv", "--source", "station")
      #expect(o.exitCode == 0, "\(o)")
      #expect(
        o.stderr.contains("imported 16 rows for 3 cities from observations.csv (source station)"))

      let pairs = await harness.run("sql", Self.pairsByLead, "--format", "csv")
      #expect(pairs.exitCode == 0, "\(pairs)")
      #expect(
        pairs.stdout == "lead_hours,pairs,bias\r\n24,7,0.5\r\n48,6,1.0\r\n72,7,1.5\r\n",
        "round \(round)")
      let raw = await harness.run("sql", Self.rawJoin, "--format", "csv")
      #expect(raw.stdout == "count(*)\r\n24\r\n", "round \(round)")
      #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_forecasts") == 27)
      #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 16)
      // One import:NAME fetch row per city and file; the second round adds none.
      #expect(
        try Ingest.rows(
          harness, "SELECT source, count(*), sum(rows) FROM fetches GROUP BY source ORDER BY source"
        )
          == [["import:station", "3", "16"], ["import:thesis", "3", "27"]])
    }
    // Local noon everywhere, whichever way the CSV wrote it.
    #expect(
      try Ingest.rows(harness, "SELECT DISTINCT valid_hour FROM hourly_forecasts") == [["12"]])
    #expect(
      try Ingest.rows(harness, "SELECT DISTINCT lead_hours FROM hourly_forecasts ORDER BY 1") == [
        ["24"], ["48"], ["72"],
      ])
  }
}
