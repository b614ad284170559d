import Foundation
import SkycastModel
import Testing

@testable import Export

@Suite struct JSONWriterTests {
  static let columns = [
    Column("city", .text), Column("time", .instant),
    Column("temperature_2m", .measure(decimals: 1), unit: "°C"), Column("bias", .score),
    Column("value", .dynamic), Column("note", .text),
  ]
  static let rows: [[Cell]] = [
    [
      .text("北京"), beijingSix, .number(-6.25), .number(0.1 + 0.2), .integer(42),
      .text("a/b \"q\" \\ \n\t\r\u{1}\u{1F}é"),
    ],
    [.text("Zürich"), zurichSix, .null, .number(.infinity), .number(2.5), .null],
  ]
  static let objects = [
    #"{"city":"北京","time":"2026-03-20T06:00:00+08:00","temperature_2m":-6.3,"#
      + #""bias":0.30000000000000004,"value":42,"note":"a/b \"q\" \\ \n\t\r\u0001\u001fé"}"#,
    #"{"city":"Zürich","time":"2026-03-20T06:00:00+01:00","temperature_2m":null,"bias":null,"#
      + #""value":2.5,"note":null}"#,
  ]

  /// An array with one object per line, keys in column order, nulls kept, CJK unescaped.
  @Test("a JSON array keeps every key in order and CJK as it is")
  func array() throws {
    let bytes = try render(.json, columns: Self.columns, rows: Self.rows)
    let expected = "[\n" + Self.objects.joined(separator: ",\n") + "\n]\n"
    #expect(bytes == Array(expected.utf8))
    #expect(String(decoding: bytes, as: UTF8.self).contains("北京"))

    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
    #expect(parsed.count == 2)
    #expect(parsed.allSatisfy { $0.count == 6 })
    #expect(parsed[0]["city"] as? String == "北京")
    #expect(parsed[0]["note"] as? String == "a/b \"q\" \\ \n\t\r\u{1}\u{1F}é")
    #expect(parsed[1]["temperature_2m"] is NSNull)
    #expect(parsed[1]["bias"] is NSNull)
    #expect(parsed[1]["note"] is NSNull)
    #expect((parsed[1]["value"] as? NSNumber)?.doubleValue == 2.5)
  }

  /// NDJSON: one object per line and nothing else.
  @Test("NDJSON writes one object per line")
  func ndjson() throws {
    let bytes = try render(.ndjson, columns: Self.columns, rows: Self.rows)
    #expect(bytes == Array((Self.objects.joined(separator: "\n") + "\n").utf8))
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }
  }

  /// No rows: an empty array, or no output at all for NDJSON.
  @Test("no rows gives [] or nothing")
  func empty() throws {
    #expect(try render(.json, columns: Self.columns, rows: []) == Array("[]\n".utf8))
    #expect(try render(.ndjson, columns: Self.columns, rows: []) == [])
  }

  /// Column names are escaped like values.
  @Test("keys are escaped")
  func keys() throws {
    let bytes = try render(.ndjson, columns: [Column("a\"b", .integer)], rows: [[.integer(1)]])
    #expect(bytes == Array("{\"a\\\"b\":1}\n".utf8))
  }
}
