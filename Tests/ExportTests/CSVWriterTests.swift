import Testing

@testable import Export
@testable import SkycastModel

@Suite struct CSVWriterTests {
  static let columns = [
    Column("city", .text), Column("time", .instant),
    Column("temperature_2m", .measure(decimals: 1), unit: "°C"), Column("note", .text),
    Column("n", .integer), Column("bias", .score), Column("value", .dynamic),
    Column("date", .date, unit: ""),
  ]
  static let rows: [[Cell]] = [
    [
      .text("北京"), beijingSix, .number(-6.25), .text("=1+2"), .integer(3), .number(0.1 + 0.2),
      .text("-foo"), .text("2026-03-20"),
    ],
    [
      .text("Zürich, ZH"), zurichSix, .null, .text("say \"hi\""), .null, .number(.nan),
      .integer(42), .null,
    ],
    [
      .text("line\nbreak"), .instant(epoch: 1_773_984_607, offset: 3600), .number(-6.2),
      .text("@home"), .number(7), .number(-0.5), .number(2.5), .text("2026-03"),
    ],
    [
      .text("+plus,comma"), zurichSix, .integer(12), .text("\tTab"), .integer(-1), .integer(2),
      .text("a\"b"), .null,
    ],
  ]

  /// Plain CSV: CRLF, quoting only where needed, empty missing values, text never altered.
  @Test("plain CSV is RFC 4180 and leaves text alone")
  func plain() throws {
    let expected =
      "city,time,temperature_2m,note,n,bias,value,date\r\n"
      + "北京,2026-03-20T06:00:00+08:00,-6.3,=1+2,3,0.30000000000000004,-foo,2026-03-20\r\n"
      + "\"Zürich, ZH\",2026-03-20T06:00:00+01:00,,\"say \"\"hi\"\"\",,,42,\r\n"
      + "\"line\nbreak\",2026-03-20T06:30:07+01:00,-6.2,@home,7,-0.5,2.5,2026-03\r\n"
      + "\"+plus,comma\",2026-03-20T06:00:00+01:00,12.0,\tTab,-1,2,\"a\"\"b\",\r\n"
    let bytes = try render(.csv, columns: Self.columns, rows: Self.rows)
    #expect(bytes == Array(expected.utf8))
  }

  /// Excel CSV: BOM, units in headers, spreadsheet times, formula-looking text neutralised,
  /// numbers such as −6.2 untouched.
  @Test("excel CSV has a BOM, units, local times and neutralised formulas")
  func excel() throws {
    let expected =
      "\u{FEFF}city,time,temperature_2m (°C),note,n,bias,value,date\r\n"
      + "北京,2026-03-20 06:00,-6.3,'=1+2,3,0.30000000000000004,'-foo,2026-03-20\r\n"
      + "\"Zürich, ZH\",2026-03-20 06:00,,\"say \"\"hi\"\"\",,,42,\r\n"
      + "\"line\nbreak\",2026-03-20 06:30,-6.2,'@home,7,-0.5,2.5,2026-03\r\n"
      + "\"'+plus,comma\",2026-03-20 06:00,12.0,'\tTab,-1,2,\"a\"\"b\",\r\n"
    let bytes = try render(.csv, excel: true, columns: Self.columns, rows: Self.rows)
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(bytes == Array(expected.utf8))
  }

  /// Text starting with CR is quoted (it holds a CR) and neutralised inside the quotes; a
  /// header that looks like a formula is neutralised too.
  @Test("CR-led text and formula-like headers are neutralised in excel mode")
  func carriageReturnAndHeader() throws {
    let columns = [Column("=sum", .text), Column("x", .dynamic)]
    let rows: [[Cell]] = [[.text("\rX"), .number(-6.2)]]
    let excel = try render(.csv, excel: true, columns: columns, rows: rows)
    #expect(excel == Array("\u{FEFF}'=sum,x\r\n\"'\rX\",-6.2\r\n".utf8))
    let plain = try render(.csv, columns: columns, rows: rows)
    #expect(plain == Array("=sum,x\r\n\"\rX\",-6.2\r\n".utf8))
  }

  /// A header alone is written when there are no rows.
  @Test("no rows gives just the header")
  func empty() throws {
    let bytes = try render(.csv, columns: [Column("a", .text), Column("b", .integer)], rows: [])
    #expect(bytes == Array("a,b\r\n".utf8))
  }

  /// Rows of the wrong width and rows before columns are errors, not traps.
  @Test("misuse throws")
  func misuse() throws {
    let writer = CSVWriter(output: TextOutput(MemorySink()))
    #expect(throws: RowWriterError.notBegun) { try writer.write([.null]) }
    try writer.begin(columns: [Column("a", .text)])
    #expect(throws: RowWriterError.cellCount(expected: 1, actual: 2)) {
      try writer.write([.null, .null])
    }
  }

  /// Output larger than the buffer streams through the sink in order.
  @Test("large output streams through the buffer")
  func streams() throws {
    let sink = MemorySink()
    let writer = CSVWriter(output: TextOutput(sink, capacity: 128))
    try writer.begin(columns: [Column("i", .integer), Column("t", .measure(decimals: 2))])
    for index in 0..<1000 {
      try writer.write([.integer(Int64(index)), .number(Double(index) / 8)])
    }
    try writer.finish()
    let lines = sink.text.split(separator: "\r\n")
    #expect(lines.count == 1001)
    #expect(lines[1000] == "999,124.88")
  }
}
