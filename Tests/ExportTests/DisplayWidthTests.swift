import Testing

@testable import Export

@Suite struct DisplayWidthTests {
  /// Widths come from East Asian Width and emoji properties per grapheme cluster, not wcwidth.
  @Test(
    "text takes its display width in columns",
    arguments: [
      ("", 0), ("Berlin", 6), ("北京", 4), ("Zürich", 6), ("Zu\u{308}rich", 6), ("😀", 2),
      ("a\u{301}", 1), ("▁▂▃▄▅▆▇█", 8), ("━·─", 3), ("°C", 2), ("−6.2", 4), ("東京 Tokyo", 10),
      ("서울", 4), ("ｶﾞ", 2), ("ＡＢ", 4), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇨🇳", 2), ("☀\u{FE0F}", 2),
      ("☀", 1), ("1\u{FE0F}\u{20E3}", 2), ("a\u{200B}b", 2), ("tab\there", 7), ("\u{1F9A0}", 2),
    ] as [(String, Int)])
  func widths(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  /// Padding counts columns, not characters or bytes, and never cuts text.
  @Test("padding fills to a display width on either side")
  func padding() {
    #expect(DisplayWidth.padded("北京", to: 6, alignRight: false) == "北京  ")
    #expect(DisplayWidth.padded("北京", to: 6, alignRight: true) == "  北京")
    #expect(DisplayWidth.padded("Zu\u{308}rich", to: 8, alignRight: false) == "Zu\u{308}rich  ")
    #expect(DisplayWidth.padded("Zürich", to: 3, alignRight: true) == "Zürich")
  }
}
