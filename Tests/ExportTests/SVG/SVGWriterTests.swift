import Testing

@testable import Export

@Suite struct SVGWriterTests {
  @Test(
    "text is escaped for XML and invalid characters are replaced",
    arguments: [
      ("plain 北京 😀", "plain 北京 😀"),
      ("Tom & \"Jerry\" <3 'x'", "Tom &amp; &quot;Jerry&quot; &lt;3 &apos;x&apos;"),
      ("a\u{0}b\u{1F}c\td\ne", "a\u{FFFD}b\u{FFFD}c\td\ne"),
      ("\u{FFFE}", "\u{FFFD}"),
      ("＆", "＆"),
    ])
  func escape(raw: String, escaped: String) {
    #expect(SVGWriter.escape(raw) == escaped)
  }

  @Test(
    "coordinates print with at most two decimals and no trailing zeros",
    arguments: [
      (12.0, "12"), (12.5, "12.5"), (-3.256, "-3.26"), (0.004, "0"), (-0.004, "0"), (1.005, "1.01"),
      (100, "100"), (.nan, "0"),
    ])
  func number(value: Double, text: String) {
    #expect(SVGWriter.number(value) == text)
  }

  @Test("elements nest with indentation, attributes in the given order")
  func elements() {
    var svg = SVGWriter()
    svg.open("g", [("fill", "#000"), ("a", "1")])
    svg.leaf("text", [("x", "1")], content: "<&>")
    svg.leaf("path", [("d", "M0,0")], title: "it's")
    svg.comment("a--b")
    svg.closeAll()
    #expect(
      svg.text == """
        <g fill="#000" a="1">
          <text x="1">&lt;&amp;&gt;</text>
          <path d="M0,0"><title>it&apos;s</title></path>
          <!-- a- -b -->
        </g>

        """)
  }

  @Test("the writer records a drawing: elements, attributes in order, texts, tooltips")
  func drawing() {
    var svg = SVGWriter()
    svg.declaration()
    svg.open("svg", [("width", "400"), ("height", "300")])
    svg.leaf("title", [], content: "Figure")
    svg.open("defs")
    svg.leaf("text", [], content: "not drawn")
    svg.close()
    svg.leaf("text", [("y", "2"), ("x", "1")], content: "label")
    svg.leaf("path", [("d", "M0,0")], title: "tooltip")
    let drawing = svg.drawing
    #expect(drawing.width == 400 && drawing.height == 300)
    #expect(drawing.texts == ["label"])
    let root = drawing.root
    #expect(root?.children.map(\.name) == ["title", "defs", "text", "path"])
    #expect(root?.children[2].attributes.map(\.name) == ["y", "x"])
    #expect(root?.children[3].tooltip == "tooltip")
    #expect(drawing.svg() == svg.text)
    #expect(svg.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg width=\"400\""))
  }

  @Test("display numbers use a real minus sign and fixed decimals")
  func displayNumbers() {
    #expect(ChartText.number(-2, decimals: 0) == "\u{2212}2")
    #expect(ChartText.number(2.25, decimals: 1) == "2.3")
    #expect(ChartText.number(3, decimals: nil) == "3")
    #expect(ChartText.number(0.1 + 0.2, decimals: nil) == "0.30000000000000004")
    #expect(ChartText.quantity("40", unit: "%") == "40%")
    #expect(ChartText.quantity("1.2", unit: "mm") == "1.2 mm")
  }

  @Test("text width estimates treat CJK as one em and cut long text with an ellipsis")
  func metrics() {
    #expect(TextMetrics.width("北京", fontSize: 10) == 20)
    #expect(TextMetrics.width("Beijing", fontSize: 10) > TextMetrics.width("Bei", fontSize: 10))
    let cut = TextMetrics.truncated(String(repeating: "北", count: 40), toWidth: 100, fontSize: 10)
    #expect(cut.hasSuffix("…"))
    #expect(TextMetrics.width(cut, fontSize: 10) <= 100)
    #expect(TextMetrics.truncated("short", toWidth: 100, fontSize: 10) == "short")
  }
}
