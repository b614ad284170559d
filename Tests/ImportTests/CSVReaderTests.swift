import Testing

@testable import Import

/// RFC 4180 reading on bytes, with the physical line each record starts on.
@Suite struct CSVReaderTests {
  static func records(_ text: String) throws(CSVSyntaxError) -> [CSVRecord] {
    try CSVReader.records(Array(text.utf8))
  }

  /// `"\r\n"` is one Swift Character, so splitting a String on "\n" would fail; bytes do not.
  @Test("reads CRLF, LF and lone CR line ends alike", arguments: ["\r\n", "\n", "\r"])
  func lineEnds(end: String) throws {
    let records = try Self.records("a,b\(end)1,2\(end)3,4")
    #expect(
      records == [
        CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["1", "2"]),
        CSVRecord(line: 3, fields: ["3", "4"]),
      ])
  }

  /// Quoted commas, doubled quotes and line breaks stay in the field; the record after a quoted
  /// line break starts on the right physical line.
  @Test("keeps commas, doubled quotes and line breaks inside quoted fields")
  func quoted() throws {
    let records = try Self.records(
      "name,note\r\n\"a, b\",\"say \"\"hi\"\"\"\r\n\"x\r\ny\",\"\"\r\nlast,\"multi\nline\nnote\"\r\nend,1\r\n"
    )
    #expect(
      records.map(\.fields) == [
        ["name", "note"], ["a, b", "say \"hi\""], ["x\r\ny", ""], ["last", "multi\nline\nnote"],
        ["end", "1"],
      ])
    #expect(records.map(\.line) == [1, 2, 3, 5, 8])
  }

  @Test("keeps UTF-8 text and empty fields, and flags blank rows")
  func utf8AndBlanks() throws {
    let records = try Self.records("北京,,😀\n\n,,\n")
    #expect(records.map(\.fields) == [["北京", "", "😀"], [""], ["", "", ""]])
    #expect(records.map(\.isBlank) == [false, true, true])
  }

  @Test("a missing final line end still ends the last record")
  func noFinalNewline() throws {
    #expect(try Self.records("a,b\n1,2").last == CSVRecord(line: 2, fields: ["1", "2"]))
    #expect(try Self.records("").isEmpty)
  }

  @Test(
    "reports syntax errors with the line",
    arguments: [
      ("a,b\n\"open,1\n2,3\n", 2, "a quoted field is never closed"),
      ("a,b\n1,2\n\"x\"y,3\n", 3, "text after the closing quote"),
      ("a,b\n1,2\nx\"y,3\n", 3, "a double quote inside an unquoted field"),
    ])
  func syntaxErrors(text: String, line: Int, message: String) {
    do {
      _ = try Self.records(text)
      Issue.record("expected an error")
    } catch {
      #expect(error.line == line)
      #expect(error.message.hasPrefix(message))
    }
  }
}
