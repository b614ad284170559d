import Testing

@testable import Export

/// Subtitles wrap at word boundaries onto at most two lines.
@Suite struct TextWrapTests {
  /// "aaaa bbbb cccc" at 12 px: each word is 4 × 0.62 × 12 = 29.76 px, a space 3.84 px, so
  /// 70 px holds two words (63.36 px) and not three.
  @Test("text wraps between words and the last line is shortened with an ellipsis")
  func wraps() {
    #expect(
      TextMetrics.wrapped("aaaa bbbb cccc", toWidth: 70, fontSize: 12, maxLines: 2)
        == ["aaaa bbbb", "cccc"])
    #expect(
      TextMetrics.wrapped("aaaa bbbb cccc", toWidth: 200, fontSize: 12, maxLines: 2)
        == ["aaaa bbbb cccc"])
    let cut = TextMetrics.wrapped(
      "aaaa bbbb cccc dddd eeee ffff", toWidth: 70, fontSize: 12, maxLines: 2)
    #expect(cut.count == 2 && cut[0] == "aaaa bbbb" && cut[1].hasSuffix("…"))
    #expect(TextMetrics.width(cut[1], fontSize: 12) <= 70)
  }
}
