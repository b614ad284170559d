import SkycastModel
import Testing

@testable import Export

@Suite struct TableFitTests {
  /// A table that fits is left as it is: one header line, two-space gaps.
  @Test("a table that fits keeps its layout")
  func fits() {
    let fit = TableFit.layout(
      headers: ["city", "t_max"], valueWidths: [6, 4], numeric: [false, true], width: 80)
    #expect(fit == TableFit(headers: [["city"], ["t_max"]], widths: [6, 5], separator: "  "))
  }

  /// Headers break after `_`, the ones that gain most first and only while needed.
  @Test("headers break after underscores, largest gain first, only as needed")
  func breaksHeaders() {
    let fit = TableFit.layout(
      headers: ["date", "feels_like_mean", "t_mean"], valueWidths: [10, 4, 4],
      numeric: [false, true, true], width: 26)
    #expect(fit.headers == [["date"], ["feels_", "like_", "mean"], ["t_mean"]])
    #expect(fit.widths == [10, 6, 6])
    #expect(fit.separator == "  ")
  }

  /// The first column names each row: the other text columns are cut first, and it only when
  /// they are at their minimum.
  @Test("the first column is cut last")
  func keepsFirstColumn() {
    let fit = TableFit.layout(
      headers: ["name", "description", "origin"], valueWidths: [26, 150, 8],
      numeric: [false, false, false], width: 80)
    #expect(fit.widths[0] == 26)
    #expect(fit.widths.reduce(0, +) + 2 <= 80)
    let narrow = TableFit.layout(
      headers: ["name", "description"], valueWidths: [60, 60], numeric: [false, false],
      width: 30)
    #expect(narrow.widths[1] == TableFit.minimumTextWidth)
    #expect(narrow.widths[0] < 60)
  }

  /// Then one-space gaps, then the widest text column is cut (numbers never are).
  @Test("gaps narrow, then the widest text column is cut with an ellipsis")
  func cutsText() {
    let fit = TableFit.layout(
      headers: ["name", "region", "n"], valueWidths: [8, 20, 5], numeric: [false, false, true],
      width: 30)
    #expect(fit.separator == " ")
    #expect(fit.widths == [8, 15, 5])
    #expect(fit.widths.reduce(0, +) + 2 == 30)
    #expect(TableFit.truncated("synthetic demo data", to: 15) == "synthetic demo…")
    #expect(TableFit.truncated("北港北港", to: 5) == "北港…")
    #expect(TableFit.truncated("short", to: 15) == "short")
  }

  /// The table writer with a width: every line (comments included) within it, by display width.
  @Test("a fitted table and its comments stay within the width")
  func writerFits() throws {
    let sink = MemorySink()
    let writer = TableWriter(output: TextOutput(sink, capacity: 64), fitWidth: 40)
    try writer.comment(
      "feels-like method: bom = Australian BoM apparent temperature (Steadman 1994)")
    try writer.begin(columns: [
      Column("city", .text), Column("feels_like_max", .measure(decimals: 1)),
      Column("feels_like_min", .measure(decimals: 1)), Column("wind_gusts_10m_max", .score),
    ])
    try writer.write([.text("Prairie Falls, Wyoming"), .number(12.5), .number(-3), .number(0.5)])
    try writer.finish()
    let lines = String(decoding: sink.bytes, as: UTF8.self).split(separator: "\n")
    #expect(lines.count > 4)
    for line in lines { #expect(DisplayWidth.of(String(line)) <= 40, "\(line)") }
    #expect(lines.contains { $0.hasPrefix("#   ") })
    #expect(lines.last?.hasPrefix("Prairie") == true)
  }
}
