import SkycastModel
import Testing

@testable import Import

/// The byte-level check of a record gives what the general check gives, or leaves the record
/// to it.
@Suite struct ImportByteCheckTests {
  static let cities: [String: City] = [
    "Berlin": City(
      id: 1, name: "Berlin", latitude: 52.5, longitude: 13.4, timezone: "Europe/Berlin"),
    "1": City(id: 1, name: "Berlin", latitude: 52.5, longitude: 13.4, timezone: "Europe/Berlin"),
    "Tokyo": City(id: 2, name: "Tokyo", latitude: 35.7, longitude: 139.7, timezone: "Asia/Tokyo"),
    "Kolkata": City(
      id: 3, name: "Kolkata", latitude: 22.6, longitude: 88.4, timezone: "Asia/Kolkata"),
    "NoZone": City(id: 4, name: "NoZone", latitude: 0, longitude: 0),
  ]

  static func resolve(_ text: String) -> Result<City, ImportRowError> {
    cities[text].map { .success($0) } ?? .failure(ImportRowError("unknown city '\(text)'"))
  }

  /// A parsed record in words, values by their bits.
  static func describe(_ parsed: ImportPlan.Parsed?) -> String {
    switch parsed {
    case nil: "general"
    case .row(let row, let city)?:
      "row \(row.line) \(row.cityID) \(row.time) \(row.issuedAt) \(row.model) "
        + "\(row.values.map { $0.map { String($0.bitPattern, radix: 16) } ?? "nil" }) \(city.id)"
    case .empty?: "empty"
    case .invalid(let errors)?: "invalid \(errors.map(\.message))"
    }
  }

  /// Every record of `text` checked both ways; returns how many the byte-level check took.
  static func compare(_ text: String, kind: ImportKind, cityOption: City?) throws -> (
    fast: Int, general: Int
  ) {
    let reader = CSVByteReader(Array(text.utf8), bufferSize: 64)
    let header = try #require(try reader.next()).csvRecord
    let layout = try ImportLayout(header: header, kind: kind, hasCityOption: cityOption != nil)
    var plan = ImportPlan(
      layout: layout, cityOption: cityOption, source: "bench", resolveCity: resolve)
    var byteCheck = ImportByteCheck(
      layout: layout, cityOption: cityOption, source: "bench", resolveCity: resolve)
    var counts = (fast: 0, general: 0)
    while let record = try reader.next() {
      let fast = byteCheck.check(record)
      let general = plan.check(record.csvRecord)
      if fast == nil {
        counts.general += 1
      } else {
        counts.fast += 1
        #expect(
          describe(fast) == describe(general),
          "line \(record.line): \(record.csvRecord.fields)")
      }
    }
    return counts
  }

  /// Every combination of cell variants, some valid, some not, some unusual.
  static func lines(_ columns: [[String]]) -> [String] {
    columns.reduce([""]) { lines, variants in
      lines.flatMap { line in variants.map { line.isEmpty ? $0 : line + "," + $0 } }
    }
  }

  @Test("forecast records: the same row, or left to the general check", arguments: [false, true])
  func forecasts(withCityOption: Bool) throws {
    let header =
      "city,time,issued_at,model,source,timezone,utc_offset,temperature_2m,weather_code,precipitation (inch)"
    let body = Self.lines([
      ["Berlin", "Tokyo", "Kolkata", "NoZone", " Berlin", "Nowhere", ""],
      [
        "2026-03-20T06:00Z", "2026-03-20T06:00", "2026-03-29T02:00", "2026-10-25T02:00",
        "2026-03-20T06:30Z", "2026-03-20T06:30+05:30", "bad", "2201-01-01T00:00Z",
      ],
      ["2026-03-19T18:25Z", "2026-03-19T18:00", "x"],
      ["", "icon_d2", "bad model"],
      ["", "other"],
      ["", "Europe/Berlin"],
      ["", "+01:00"],
      ["", "-6.25", "1e400"],
      ["", "3", "3.5"],
      ["", "0.1"],
    ])
    let text = ([header] + body).joined(separator: "\r\n")
    let counts = try Self.compare(
      text, kind: .forecasts, cityOption: withCityOption ? Self.cities["Berlin"] : nil)
    // Both paths were taken, many times.
    #expect(counts.fast > 100)
    #expect(counts.general > 1000)
  }

  @Test("observation records with quoted cells and formula guards")
  func observations() throws {
    let header = "city,time,temperature_2m,relative_humidity_2m (%),timezone"
    let body = Self.lines([
      ["Berlin", "1", "\"Tokyo\"", "'Berlin", "\"Ber\"\"lin\""],
      [
        "2026-01-01T00:00Z", "\"2026-01-01T01:00+01:00\"", "2026-01-01T00:00:00Z",
        "2026-01-01 05:00",
      ],
      ["1.5", "\"2.5\"", "-0", "1e2", "9999", " 3", "abc", "\"\""],
      ["", "50", "101", "'5"],
      ["", "Asia/Tokyo", "'Asia/Tokyo"],
    ])
    let counts = try Self.compare(
      ([header] + body).joined(separator: "\n"), kind: .observations, cityOption: nil)
    #expect(counts.fast > 100)
    #expect(counts.general > 100)
  }
}
