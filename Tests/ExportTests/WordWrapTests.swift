import Testing

@testable import Export

@Suite struct WordWrapTests {
  @Test("lines break at spaces within the width; a long word stands alone")
  func wraps() {
    #expect(
      WordWrap.lines("warning: no rows in the window", width: 12, indent: "  ")
        == ["warning: no", "  rows in", "  the window"])
    #expect(
      WordWrap.lines("see https://example.org/a/very/long/path now", width: 10)
        == ["see", "https://example.org/a/very/long/path", "now"])
    #expect(WordWrap.lines("北港 北港 北港", width: 9) == ["北港 北港", "北港"])
    #expect(WordWrap.lines("  indented\nnext", width: 80) == ["  indented", "next"])
  }
}
