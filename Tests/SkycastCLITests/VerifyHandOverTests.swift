import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `verify --pairs --format verif`: verif's text input (CI has verif read it back, see
/// `Tests/Reference/check_verif_pairs.py`).
@Suite struct VerifyHandOverTests {
  /// Issued 2026-03-01 06:00 UTC; leads 1 h and 30 h: reference time = valid − lead = the
  /// issue time, so both rows have date 20260301 and hour 6.
  @Test("rows are date hour leadtime location lat lon altitude obs fcst under verif's # lines")
  func verifText() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(7, "Alpha")
    let issued = march1 + 6 * hour
    for (lead, forecast, observed) in [(Int64(1), 2.5, 2.0), (30, -1.25, 0.5)] {
      try writer.forecast(city: 7, issuedAt: issued, lead: lead, ["temperature_2m": forecast])
      try writer.observation(city: 7, validAt: issued + lead * hour, ["temperature_2m": observed])
    }
    let result = await harness.run(
      "verify", "--pairs", "--format", "verif", "--source", "forecast", "--model", "best_match")
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        # variable: temperature_2m
        # units: °C
        date hour leadtime location lat lon altitude obs fcst
        20260301 6 1 7 0.0 0.0 0.0 2.0 2.5
        20260301 6 30 7 0.0 0.0 0.0 0.5 -1.25

        """)
  }

  /// Open-Meteo's probability is P(> 0.1 mm); verif's `p0.1` is P(obs ≤ 0.1 mm): 30 % is 0.7.
  /// The second pair has no stored probability, the third one outside 0–100 %: `nan`, as verif
  /// reads a missing value. `--var precipitation` writes the column without being asked.
  @Test("hourly precipitation pairs carry p0.1 = 1 − probability/100, nan without one")
  func verifProbability() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(7, "Alpha")
    let issued = march1 + 6 * hour
    let rows: [(Int64, Double, Double, Double?)] = [
      (1, 0.4, 0.0, 30), (2, 1.5, 2.25, nil), (3, 0.0, 0.0, 120),
    ]
    for (lead, forecast, observed, probability) in rows {
      try writer.forecast(
        city: 7, issuedAt: issued, lead: lead,
        ["precipitation": forecast, "precipitation_probability": probability])
      try writer.observation(city: 7, validAt: issued + lead * hour, ["precipitation": observed])
    }
    let result = await harness.run(
      "verify", "--var", "precipitation", "--pairs", "--format", "verif", "--source", "forecast",
      "--model", "best_match")
    #expect(result.exitCode == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        # variable: precipitation
        # units: mm
        date hour leadtime location lat lon altitude obs fcst p0.1
        20260301 6 1 7 0.0 0.0 0.0 0.0 0.4 0.7
        20260301 6 2 7 0.0 0.0 0.0 2.25 1.5 nan
        20260301 6 3 7 0.0 0.0 0.0 0.0 0.0 nan

        """)
  }

  /// The same two pairs as MET MPR lines: leads 010000 and 300000, valid 07:00 and 12:00 UTC
  /// the next day; each is its own header group (TOTAL 1, INDEX 1), as point_stat counts.
  @Test("MET MPR lines carry the STAT header columns, lead HHMMSS, valid times and the pair")
  func metMPR() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(7, "Alpha Town")
    let issued = march1 + 6 * hour
    for (lead, forecast, observed) in [(Int64(1), 2.5, 2.0), (30, -1.25, 0.5)] {
      try writer.forecast(city: 7, issuedAt: issued, lead: lead, ["temperature_2m": forecast])
      try writer.observation(city: 7, validAt: issued + lead * hour, ["temperature_2m": observed])
    }
    let result = await harness.run("verify", "--pairs", "--format", "met-mpr")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(lines.count == 3)
    let header = lines[0]
    #expect(header.count == 39 && header.prefix(4) == ["VERSION", "MODEL", "DESC", "FCST_LEAD"])
    #expect(
      header[23] == "LINE_TYPE"
        && header[24...33] == [
          "TOTAL", "INDEX", "OBS_SID", "OBS_LAT", "OBS_LON", "OBS_LVL", "OBS_ELV", "FCST", "OBS",
          "OBS_QC",
        ])
    for line in lines.dropFirst() { #expect(line.count == header.count) }
    let row = Dictionary(uniqueKeysWithValues: zip(header, lines[2]))
    #expect(row["MODEL"] == "forecast:best_match")
    #expect(row["FCST_LEAD"] == "300000")
    #expect(row["FCST_VALID_BEG"] == "20260302_120000")
    #expect(row["FCST_VAR"] == "temperature_2m" && row["FCST_UNITS"] == "degC")
    #expect(row["FCST_LEV"] == "Z2" && row["OBS_LEV"] == "Z2")
    #expect(row["OBTYPE"] == "era5" && row["LINE_TYPE"] == "MPR")
    #expect(row["TOTAL"] == "1" && row["INDEX"] == "1")
    #expect(row["OBS_SID"] == "Alpha_Town")
    #expect(row["FCST"] == "-1.25" && row["OBS"] == "0.5")
    #expect(lines[1][3] == "010000" && lines[1][4] == "20260301_070000")
  }

  /// Three cities forecast at the same lead and valid time make one header group (TOTAL 3,
  /// INDEX 1…3) and a second lead its own (TOTAL 1); precipitation is at level A1, missing
  /// values (climatology, an unknown elevation) are NA, never -9999, and every byte is ASCII.
  @Test("MET MPR counts TOTAL and INDEX per header group, writes NA, ASCII units and level A1")
  func metMPRGroups() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    for (id, name) in [(Int64(1), "Alpha"), (2, "Beta"), (3, "Gamma")] {
      try writer.city(id, name)
      try writer.forecast(city: id, issuedAt: march1, lead: 1, ["precipitation": 0.5])
      try writer.observation(city: id, validAt: march1 + hour, ["precipitation": 0.25])
    }
    try writer.forecast(city: 2, issuedAt: march1, lead: 2, ["precipitation": 1])
    try writer.observation(city: 2, validAt: march1 + 2 * hour, ["precipitation": 0])
    let result = await harness.run(
      "verify", "--pairs", "--format", "met-mpr", "--var", "precipitation")
    #expect(result.exitCode == 0, "\(result.stderr)")
    let ascii = result.stdout.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii, "\(result.stdout)")
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    try #require(lines.count == 5)
    let rows = lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    let groups = rows.map { [$0["FCST_LEAD"] ?? "", $0["TOTAL"] ?? "", $0["INDEX"] ?? ""] }
    #expect(
      groups.sorted { $0.lexicographicallyPrecedes($1) } == [
        ["010000", "3", "1"], ["010000", "3", "2"], ["010000", "3", "3"], ["020000", "1", "1"],
      ])
    for row in rows {
      #expect(row["FCST_LEV"] == "A1" && row["OBS_LEV"] == "A1")
      #expect(row["FCST_UNITS"] == "mm" && row["OBS_ELV"] == "NA")
      #expect(
        [
          "OBS_CLIMO_MEAN", "OBS_CLIMO_STDEV", "OBS_CLIMO_CDF", "FCST_CLIMO_MEAN",
          "FCST_CLIMO_STDEV",
        ]
        .allSatisfy { row[$0] == "NA" })
    }
    #expect(!result.stdout.contains("-9999"))
  }

  @Test(
    "verif reads one forecast system per file: --model only where the source holds several; --format verif needs --pairs"
  )
  func usage() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "Alpha")
    let several = await harness.run("verify", "--pairs", "--format", "verif")
    #expect(several.exitCode == 64)
    #expect(several.stderr.contains("give one --source and one --model"), "\(several.stderr)")
    // A selection of one model needs no --model; a source with two does.
    try writer.observation(city: 1, validAt: 1_772_326_800, ["temperature_2m": 0])
    try writer.forecast(city: 1, issuedAt: 1_772_323_200, lead: 1, ["temperature_2m": 1])
    let one = await harness.run("verify", "--pairs", "--format", "verif")
    #expect(one.exitCode == 0, "\(one)")
    try writer.forecast(
      city: 1, model: "other", issuedAt: 1_772_323_200, lead: 1, ["temperature_2m": 2])
    let two = await harness.run("verify", "--pairs", "--format", "verif")
    #expect(two.exitCode == 64)
    #expect(
      two.stderr.contains(
        "the selection holds forecast/best_match, forecast/other: give one --source and one --model"
      ), "\(two.stderr)")
    let chosen = await harness.run(
      "verify", "--pairs", "--format", "verif", "--model", "other")
    #expect(chosen.exitCode == 0, "\(chosen)")
    let scores = await harness.run("verify", "--format", "verif")
    #expect(scores.exitCode == 64)
    #expect(scores.stderr.contains("--format verif writes pairs; add --pairs"), "\(scores.stderr)")
  }
}
