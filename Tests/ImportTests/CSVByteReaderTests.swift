import Testing

@testable import Import

/// The byte-level reader against `CSVReader`: the same records, lines and errors for every
/// input, whatever the read buffer's size and however the input arrives in pieces.
@Suite struct CSVByteReaderTests {
  /// What a reader makes of an input: the records before the first error, and that error.
  struct Reading: Equatable {
    var records: [CSVRecord] = []
    var error: CSVSyntaxError?
  }

  static func reference(_ bytes: [UInt8]) -> Reading {
    var reader = CSVReader(bytes)
    var reading = Reading()
    do {
      while let record = try reader.next() { reading.records.append(record) }
    } catch {
      reading.error = error
    }
    return reading
  }

  /// `bytes` read with a buffer of `bufferSize` from pieces of `pieceSize` bytes.
  static func byteReading(_ bytes: [UInt8], bufferSize: Int, pieceSize: Int) -> Reading {
    var offset = 0
    let reader = CSVByteReader(bufferSize: bufferSize) {
      guard offset < bytes.count else { return nil }
      let piece = Array(bytes[offset..<min(bytes.count, offset + pieceSize)])
      offset += pieceSize
      return piece
    }
    var reading = Reading()
    do {
      while let record = try reader.next() {
        reading.records.append(record.csvRecord)
        #expect(record.isBlank == record.csvRecord.isBlank)
      }
    } catch {
      reading.error = error
    }
    return reading
  }

  /// Pieces of CSV, valid and not, from which the inputs are drawn.
  static let tokens = [
    "a", "bc", "12.5", "北京", "😀", ",", ",", ",", "\"", "\"\"", "\r", "\n", "\r\n", " ", "\t",
    "\"q,\r\n\"", "\"x\"\"y\"", "x\"y", "\"\",", "\"open", "'=1",
  ]

  /// A deterministic generator (each test has its own, so tests stay parallel-safe).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test("reads every input as CSVReader does, at every buffer and piece size")
  func matchesCSVReader() {
    var generator = Generator(state: 17)
    var errors = 0
    var quotedRecords = 0
    for _ in 0..<1500 {
      let count = generator.next(24)
      let text = (0..<count).map { _ in Self.tokens[generator.next(Self.tokens.count)] }.joined()
      let bytes = Array(text.utf8)
      let expected = Self.reference(bytes)
      if expected.error != nil { errors += 1 }
      if text.contains("\"\"") { quotedRecords += 1 }
      for (bufferSize, pieceSize) in [
        (1, 1), (2, 3), (3, 1), (5, 2), (7, 7), (64, 5), (1 << 20, 1 << 16),
      ] {
        let reading = Self.byteReading(bytes, bufferSize: bufferSize, pieceSize: pieceSize)
        #expect(
          reading == expected, "\(text.debugDescription), buffer \(bufferSize), pieces \(pieceSize)"
        )
      }
    }
    // Both kinds of input were drawn.
    #expect(errors > 100)
    #expect(1500 - errors > 100)
    #expect(quotedRecords > 100)
  }

  @Test("a record straddling the buffer's end is read whole, its doubled quotes made single")
  func straddlingRecord() throws {
    let text = "city,note\r\nBerlin,\"say \"\"hi\"\", twice\r\nplease\"\r\nTokyo,plain\r\n"
    let reader = CSVByteReader(Array(text.utf8), bufferSize: 8)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record.csvRecord) }
    #expect(
      records == [
        CSVRecord(line: 1, fields: ["city", "note"]),
        CSVRecord(line: 2, fields: ["Berlin", "say \"hi\", twice\r\nplease"]),
        CSVRecord(line: 4, fields: ["Tokyo", "plain"]),
      ])
  }

  @Test("a CRLF cut by the buffer's end is one line end", arguments: [4, 5, 6])
  func crlfAtBufferEnd(bufferSize: Int) throws {
    // With a buffer of 5, the CR of the first line end is its last byte.
    let reader = CSVByteReader(Array("a,bc\r\n,\r\n\r\nd".utf8), bufferSize: bufferSize)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record.csvRecord) }
    #expect(
      records == [
        CSVRecord(line: 1, fields: ["a", "bc"]), CSVRecord(line: 2, fields: ["", ""]),
        CSVRecord(line: 3, fields: [""]), CSVRecord(line: 4, fields: ["d"]),
      ])
  }

  @Test("empty, quoted-empty and blank fields", arguments: [1, 3, 1 << 20])
  func emptyFields(bufferSize: Int) throws {
    let reader = CSVByteReader(Array("\"\",,\"\"\n,,\nx,\"\",".utf8), bufferSize: bufferSize)
    var fields: [[String]] = []
    var blank: [Bool] = []
    while let record = try reader.next() {
      fields.append(record.csvRecord.fields)
      blank.append(record.isBlank)
    }
    #expect(fields == [["", "", ""], ["", "", ""], ["x", "", ""]])
    #expect(blank == [true, true, false])
  }

  @Test(
    "reports syntax errors with CSVReader's line and message, also across buffer ends",
    arguments: [
      ("a,b\n\"open,1\n2,3\n", 2, "a quoted field is never closed"),
      ("a,b\n\"x\ny\"z,3\n", 3, "text after the closing quote"),
      ("a,b\n1,2\nx\"y,3\n", 3, "a double quote inside an unquoted field"),
    ])
  func syntaxErrors(text: String, line: Int, message: String) {
    for bufferSize in [2, 5, 1 << 20] {
      let reading = Self.byteReading(Array(text.utf8), bufferSize: bufferSize, pieceSize: 3)
      #expect(reading.error?.line == line)
      #expect(reading.error?.message.hasPrefix(message) == true)
    }
  }
}
