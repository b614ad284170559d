import SkycastModel
import Testing

@testable import Stations

/// ECA&D daily series: header found by its STAID line, 0.1 units, suspect values left out.
@Suite struct ECADReaderTests {
  static func text(_ name: String) -> [UInt8] { StationFixtures.bytes("ecad/" + name) }

  static func read(_ name: String) throws -> StationReading {
    try ECADReader.read(text(name), name: name, options: .init())
  }

  @Test("TG (daily mean) is read but not stored, in both header vintages")
  func meanTemperature() throws {
    let reading = try Self.read("TG_STAID000001.txt")
    #expect(reading.stationID == "1")
    #expect(reading.daily.isEmpty)
    #expect(reading.tally.lines == 82)
    // 82 rows, 4 of them -9999 (Q 9); the Q 1 rows are unmapped too (nothing is stored).
    #expect(reading.tally.unmapped == 78)
    #expect(reading.tally.missing == 0)
    #expect(reading.notes.contains { $0.contains("TG") && $0.contains("daily mean") })
    let variant = try Self.read("TG_STAID000001.2023-header-variant.txt")
    #expect(variant.tally.lines == 10)
    #expect(variant.tally.unmapped == 10)
  }

  @Test("RR: 0.1 mm / 10; -9999 missing; Q 1 suspect left out and counted")
  func precipitation() throws {
    let reading = try Self.read("derived-RR_STAID000001.txt")
    // 19600101 0 → 0.0; 19600102 23 → 2.3; 19600103 114 → 11.4; 19600106 3 → 0.3 mm.
    #expect(
      reading.daily == [
        StationDay(date: LocalDate("1960-01-01")!, values: [.precipitationSum: 0.0]),
        StationDay(date: LocalDate("1960-01-02")!, values: [.precipitationSum: 2.3]),
        StationDay(date: LocalDate("1960-01-03")!, values: [.precipitationSum: 11.4]),
        // 19600105 870/1: suspect, kept apart (stored only with --keep-suspect).
        StationDay(date: LocalDate("1960-01-05")!, values: [:], suspect: [.precipitationSum: 87]),
        StationDay(date: LocalDate("1960-01-06")!, values: [.precipitationSum: 0.3]),
      ])
    // 19600104 -9999/9 missing; 19600105 870/1 suspect.
    #expect(reading.tally.missing == 1)
    #expect(reading.tally.flagged == 1)
    #expect(reading.tally.lines == 6)
  }

  @Test("FX: 0.1 m/s / 10 × 3.6 → km/h")
  func gusts() throws {
    let reading = try Self.read("derived-FX_STAID000001.txt")
    // 19600101 112 → 11.2 m/s → 40.32 km/h; 19600102 250 → 25.0 m/s → 90 km/h.
    #expect(
      reading.daily.map(\.values).filter { !$0.isEmpty } == [
        [.windGusts10mMax: 112.0 / 10 * 3.6], [.windGusts10mMax: 250.0 / 10 * 3.6],
      ])
    #expect(reading.daily.filter { !$0.suspect.isEmpty }.count == 1)
    #expect(reading.tally.flagged == 1)
    #expect(reading.tally.missing == 1)
  }

  @Test("a short line and a bad number throw .line with their line number")
  func brokenLines() throws {
    var lines = StationFileBytes.lines(
      StationFileBytes.latin1(Self.text("derived-RR_STAID000001.txt"))
    )
    .map(String.init)
    // Line 23 is "     1, 35381,19600102,   23,    0".
    let real = lines[22]
    #expect(real.hasSuffix("19600102,   23,    0"))
    lines[22] = String(real[..<real.lastIndex(of: ",")!])
    #expect(throws: StationFileError.line(23, "expected 5 comma-separated fields, found 4")) {
      try ECADReader.read(Array(lines.joined(separator: "\n").utf8), name: "x", options: .init())
    }
    lines[22] = real.replacingOccurrences(of: "   23,", with: "  2.3,")
    #expect(throws: StationFileError.line(23, "RR \"2.3\" is not an integer")) {
      try ECADReader.read(Array(lines.joined(separator: "\n").utf8), name: "x", options: .init())
    }
    #expect(throws: StationFileError.format("no ECA&D column header: no line starts with STAID")) {
      try ECADReader.read(Array("DATE,RR\n".utf8), name: "x", options: .init())
    }
  }
}
