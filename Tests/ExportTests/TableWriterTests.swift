import SkycastModel
import Testing

@testable import Export

@Suite struct TableWriterTests {
  static let columns = [
    Column("city", .text), Column("time", .instant),
    Column("temperature_2m", .measure(decimals: 1), unit: "°C"), Column("bias", .score),
    Column("n", .integer),
  ]

  /// Comments first, then header, dashes and rows, aligned by display width with CJK counted
  /// two columns, numbers right-aligned, no trailing spaces.
  @Test("a table aligns CJK text and right-aligns numbers")
  func aligned() throws {
    let rows: [[Cell]] = [
      [.text("北京"), beijingSix, .number(-6.25), .number(0.1 + 0.2), .integer(3)],
      [.text("Zürich"), zurichSix, .null, .number(-0.12345), .integer(12)],
      [.text("Sa\u{303}o Paulo"), .null, .number(30.04), .null, .null],
    ]
    let expected =
      [
        "# temperature_2m, 2026-03-20",
        "city       time              temperature_2m    bias   n",
        "---------  ----------------  --------------  ------  --",
        "北京       2026-03-20 06:00            -6.3   0.300   3",
        "Zürich     2026-03-20 06:00                  -0.123  12",
        "Sa\u{303}o Paulo" + String(repeating: " ", count: 2 + 16 + 2 + 10) + "30.0",
      ].joined(separator: "\n") + "\n"
    let bytes = try render(
      .table, comments: ["temperature_2m, 2026-03-20"], columns: Self.columns, rows: rows)
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  /// On a terminal a long comment wraps at spaces, each continuation indented under its `#`;
  /// the table itself is printed as it is (no fitting, no shortened cells).
  @Test("comments wrap at commentWidth at word boundaries; the rows stay whole")
  func commentWidth() throws {
    let sink = MemorySink()
    let output = TextOutput(sink, capacity: 64)
    let writer = TableWriter(output: output)
    writer.commentWidth = 30
    try writer.comment("observations from 'synthetic', the source with most hours inside the span")
    try writer.begin(columns: [Column("city", .text), Column("note", .text)])
    try writer.write([.text("Alpenau"), .text("a long cell that is wider than thirty columns")])
    try writer.finish()
    let lines = String(decoding: sink.bytes, as: UTF8.self).split(separator: "\n")
    #expect(
      Array(lines.prefix(4)) == [
        "# observations from",
        "#   'synthetic', the source",
        "#   with most hours inside the",
        "#   span",
      ])
    #expect(lines.last == "Alpenau  a long cell that is wider than thirty columns")
  }

  /// An empty result still shows its columns.
  @Test("no rows prints the header and (no rows)")
  func empty() throws {
    let bytes = try render(
      .table, columns: [Column("city", .text), Column("n", .integer)], rows: [])
    #expect(String(decoding: bytes, as: UTF8.self) == "city  n\n----  -\n(no rows)\n")
  }

  /// Newlines and tabs inside text would break the layout, and ESC or U+202E would reach the
  /// terminal: they print escaped (`\n`, `\t`, `\e`, `\u{202E}`), in cells, headers and comments.
  /// Dynamic reals (`sql`, reports) show 3 decimals like scores, and a dynamic column of numbers
  /// is right-aligned; a `#` comment is kept as it is.
  @Test(
    "control and bidi characters print escaped and dynamic reals with 3 decimals, right-aligned")
  func controls() throws {
    let bytes = try render(
      .table, comments: ["# as is", "two\nlines", "x\u{1B}]0;t\u{7}"],
      columns: [Column("name\u{9B}", .text), Column("value", .dynamic)],
      rows: [[.text("a\nb\tc"), .number(0.1 + 0.2)], [.text("d\u{202E}e"), .integer(7)]])
    let expected =
      [
        "# as is", "# two", "# lines", "# x\\e]0;t\\u{7}",
        "name\\u{9B}  value",
        "----------  -----",
        "a\\nb\\tc     0.300",
        "d\\u{202E}e      7",
      ].joined(separator: "\n") + "\n"
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }
}
