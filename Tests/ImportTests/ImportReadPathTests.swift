import SkycastModel
import TestSupport
import Testing

@testable import Import
@testable import Store

/// The byte-level read path stores and reports exactly what the general one does, whatever
/// the read buffer's size.
@Suite struct ImportReadPathTests {
  /// A forecast file with quoted cells (commas, line breaks and doubled quotes in an ignored
  /// column), CRLF and LF line ends, blank lines, an identical repeat, a conflict, invalid rows
  /// and rows the byte-level check leaves to the general one (padded cells, an offset column).
  static let file: String = {
    var lines = ["city,time,issued_at,model,temperature_2m,utc_offset,fetched_at"]
    for hour in 0..<40 {
      let time = "2026-03-2\(hour / 24)T\(hour % 24 < 10 ? "0" : "")\(hour % 24):00"
      for (city, zone, issued) in [
        ("Berlin", "Z", "12"), ("Tokyo", "+09:00", "12"), ("Berlin", "", "06"),
      ] {
        let note = hour % 7 == 0 ? "\"say \"\"hi\"\",\r\ntwice\"" : ""
        lines.append(
          "\(city),\(time)\(zone),2026-03-19T\(issued):00Z,icon,\(Double(hour) / 4 - 3),,\(note)")
      }
    }
    lines += [
      "", "Berlin,2026-03-20T00:00Z,2026-03-19T12:00Z,icon,-3.0,,",  // identical repeat
      "Berlin,2026-03-20T01:00Z,2026-03-19T12:00Z,icon,9,,",  // conflict
      " Tokyo ,2026-03-22T00:00+09:00,2026-03-19T12:00Z,icon, 1.5 ,,",
      "Berlin,2026-03-22T00:00,2026-03-19T12:00Z,,2.5,+01:00,",
      "Berlin,2026-03-22T05:30Z,2026-03-19T12:00Z,icon,1,,",  // not on the hour
      "Paris,2026-03-22T00:00Z,2026-03-19T12:00Z,icon,1,,",  // unknown city
      "Berlin,2026-03-22T06:00Z,2026-03-19T12:00Z,icon,,,",  // no value
      ",,,,,,",
    ]
    return lines.enumerated().map { $0.element + ($0.offset % 2 == 0 ? "\r\n" : "\n") }.joined()
  }()

  struct Outcome: Equatable {
    var rows: Int
    var counts: UpsertCounts
    var skipped: [String]
    var warnings: [String]
    var emptyRows: Int
    var stored: [[SQLiteValue]]
  }

  static func importFile(bufferSize: Int, byteLevelChecks: Bool) throws -> Outcome {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("db.sqlite"))
    _ = try store.addCity(
      City(name: "Berlin", latitude: 52.52, longitude: 13.41, timezone: "Europe/Berlin"))
    _ = try store.addCity(
      City(name: "Tokyo", latitude: 35.68, longitude: 139.69, timezone: "Asia/Tokyo"))
    var options = ImportOptions(kind: .forecasts, source: "bench")
    options.skipInvalid = true
    options.readBufferSize = bufferSize
    options.byteLevelChecks = byteLevelChecks
    let result = try Importer.run(
      Array(file.utf8), path: directory.file("f.csv"), options: options, store: store, now: 1000)
    let stored = try store.database.query(
      """
      SELECT city_id, source, model, issued_at, valid_at, valid_date, valid_hour, lead_hours,
        temperature_2m, fetch_id FROM hourly_forecasts ORDER BY city_id, valid_at
      """
    ).map(\.values)
    func lines(_ problems: [ImportProblem]) -> [String] {
      problems.map { "\($0.line ?? 0): \($0.message)" }
    }
    return Outcome(
      rows: result.rows, counts: result.counts, skipped: lines(result.skipped),
      warnings: lines(result.warnings), emptyRows: result.emptyRows, stored: stored)
  }

  @Test("small buffers and the byte-level checks change nothing", arguments: [1, 5, 64])
  func samePaths(bufferSize: Int) throws {
    let general = try Self.importFile(bufferSize: 1 << 20, byteLevelChecks: false)
    #expect(general.rows == 121)
    #expect(general.stored.count == 121)
    #expect(general.skipped.count == 3)
    #expect(general.warnings.count == 1)
    #expect(general.emptyRows == 1)
    #expect(try Self.importFile(bufferSize: 1 << 20, byteLevelChecks: true) == general)
    #expect(try Self.importFile(bufferSize: bufferSize, byteLevelChecks: true) == general)
  }
}
