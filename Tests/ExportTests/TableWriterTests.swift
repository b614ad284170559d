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

  /// On a terminal a table of numbers that stays too wide after ``TableFit`` leaves out
  /// columns from the right, names them in a comment, and never leaves out the first.
  @Test("a table too wide for the terminal leaves out its last columns and names them")
  func dropsColumns() throws {
    let columns =
      [Column("lead_day", .integer)]
      + (1...8).map { Column("score_\($0)", .score) }
    func render(dropping: Bool, width: Int) throws -> [String] {
      let sink = MemorySink()
      let writer = TableWriter(output: TextOutput(sink, capacity: 64), fitWidth: width)
      writer.dropsColumns = dropping
      try writer.begin(columns: columns)
      try writer.write([.integer(1)] + (1...8).map { .number(Double($0) * 1000.125) })
      try writer.finish()
      return String(decoding: sink.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
    let lines = try render(dropping: true, width: 40)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
    let comment = lines.prefix { $0.hasPrefix("#") }.joined(separator: " ")
    #expect(comment.contains("more columns at a wider terminal:"), "\(lines)")
    #expect(comment.contains("score_8 (--columns chooses"), "\(lines)")
    let shown = lines.first { $0.hasPrefix("lead") }?.split(separator: " ").count ?? 0
    let left = Int(comment.split(separator: " ")[1]) ?? 0
    #expect(shown >= 2 && shown + left == 9, "\(lines)")
    // Without dropping (a pipe), every column stays, however wide.
    let kept = try render(dropping: false, width: 40)
    #expect(kept.contains { $0.contains("score_8") && !$0.hasPrefix("#") })
    #expect(!kept.contains { $0.contains("wider terminal") })
    // One column never goes.
    let sink = MemorySink()
    let single = TableWriter(output: TextOutput(sink, capacity: 64), fitWidth: 5)
    single.dropsColumns = true
    try single.begin(columns: [Column("value", .score)])
    try single.write([.number(123_456.5)])
    try single.finish()
    #expect(String(decoding: sink.bytes, as: UTF8.self).contains("123456.500"))
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
