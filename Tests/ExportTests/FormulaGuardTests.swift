import Testing

@testable import Export
@testable import SkycastModel

@Suite struct FormulaGuardTests {
  /// (text, guarded): a leading trigger gets a `'` in front; a `;`, TAB, CR or LF followed by a
  /// trigger gets one after it (LibreOffice splits a comma file at `;` in semicolon locales and
  /// evaluates the second part); commas and spaces before a trigger are left alone.
  static let cases: [(String, String)] = [
    ("=1+2", "'=1+2"), ("+1", "'+1"), ("-6.2 °C", "'-6.2 °C"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t'=1"), ("\rx", "'\rx"),
    ("＝1+2", "'＝1+2"), ("＋1", "'＋1"), ("－1", "'－1"), ("＠SUM(A1)", "'＠SUM(A1)"),
    (";=1+2", ";'=1+2"), ("x;=1+2", "x;'=1+2"), ("x;＝1", "x;'＝1"), ("=1;=2", "'=1;'=2"),
    ("a\n=1", "a\n'=1"), ("a\r+1", "a\r'+1"), ("a\t@x", "a\t'@x"), (";;-1", ";;'-1"),
    ("x,=1+2", "x,=1+2"), ("x; =1", "x; =1"), ("a;b", "a;b"), ("北京", "北京"), ("", ""),
    ("'=already", "'=already"), ("x=1", "x=1"),
  ]

  @Test("formula triggers are guarded where a spreadsheet would evaluate them", arguments: cases)
  func guarded(text: String, guarded: String) {
    #expect(FormulaGuard.guarded(text) == guarded)
  }

  /// The importer takes the guards off, so an `--excel` export imports back unchanged.
  @Test("unguarded undoes guarded", arguments: cases.map(\.0).filter { !$0.hasPrefix("'") })
  func roundTrip(text: String) {
    #expect(FormulaGuard.unguarded(FormulaGuard.guarded(text)) == text)
  }

  @Test("the excel CSV writer guards text cells and leaves numbers alone")
  func writer() throws {
    let sink = MemorySink()
    let output = TextOutput(sink)
    let writer = CSVWriter(output: output, excel: true)
    try writer.begin(columns: [Column("name", .text), Column("t", .measure(decimals: 1))])
    try writer.write([.text("x;=HYPERLINK(\"http://e\")"), .number(-6.2)])
    try writer.write([.text("＝1+2"), .number(1)])
    try writer.write([.text("a,\r=1"), .null])
    try writer.finish()
    #expect(
      sink.bytes.dropFirst(3).elementsEqual(
        Array(
          ("name,t\r\n\"x;'=HYPERLINK(\"\"http://e\"\")\",-6.2\r\n'＝1+2,1.0\r\n\"a,\r'=1\",\r\n")
            .utf8)))
    let plain = MemorySink()
    let data = CSVWriter(output: TextOutput(plain), excel: false)
    try data.begin(columns: [Column("name", .text)])
    try data.write([.text("x;=1")])
    try data.finish()
    #expect(plain.text == "name\r\nx;=1\r\n", "plain CSV never alters text")
  }
}
