import Testing

@testable import SkycastModel

@Suite struct TerminalSafeTests {
  /// Each kind of dangerous character, and how it shows.
  @Test(
    "control and bidi characters are shown as visible escapes",
    arguments: [
      ("\u{1B}]52;c;ZXZpbA==\u{7}", #"\e]52;c;ZXZpbA==\u{7}"#),
      ("\u{1B}[2J", #"\e[2J"#),
      ("a\u{9B}31m", #"a\u{9B}31m"#),
      ("\u{85}\u{80}\u{9F}", #"\u{85}\u{80}\u{9F}"#),
      ("abc\u{202E}fdp.exe", #"abc\u{202E}fdp.exe"#),
      ("\u{202A}\u{202B}\u{202C}\u{202D}", #"\u{202A}\u{202B}\u{202C}\u{202D}"#),
      ("\u{2066}x\u{2067}\u{2068}\u{2069}", #"\u{2066}x\u{2067}\u{2068}\u{2069}"#),
      ("\u{200E}\u{200F}\u{61C}", #"\u{200E}\u{200F}\u{61C}"#),
      ("a\nb\rc\td", #"a\nb\rc\td"#),
      ("\u{0}\u{1}\u{7F}", #"\u{0}\u{1}\u{7F}"#),
    ])
  func escapes(input: String, shown: String) {
    #expect(TerminalSafe.escape(input) == shown)
    #expect(!TerminalSafe.isSafe(input))
    #expect(TerminalSafe.isSafe(TerminalSafe.escape(input)))
  }

  /// CJK, emoji, accents, backslashes, zero-width joiners and other punctuation of the
  /// U+2000 block are not controls: they come back as they are.
  @Test("ordinary text, including non-ASCII, is unchanged")
  func ordinaryText() {
    for text in [
      "北京", "Zürich", "São Paulo", "👨‍👩‍👧", "C:\\temp", "−6.2 °C", "a\u{2014}b", "▁▂▃█", "",
    ] {
      #expect(TerminalSafe.escape(text) == text)
      #expect(TerminalSafe.isSafe(text))
    }
  }

  /// A message with its own line layout keeps its newlines and escapes everything else.
  @Test("keepingNewlines leaves line breaks and escapes the rest")
  func keepingNewlines() {
    #expect(
      TerminalSafe.escape("one\ntwo\u{1B}[1m\r\t", keepingNewlines: true)
        == "one\ntwo\\e[1m\\r\\t")
  }

  /// The stderr writer escapes whatever it is given, but not the control sequences Skycast
  /// writes itself (a progress line's carriage return and erase).
  @Test("a terminal-safe output escapes text but not its own control sequences")
  func terminalSafeOutput() throws {
    let sink = MemorySink()
    let output = TextOutput(sink, terminalSafe: true)
    try output.writeControl("\r\u{1B}[2K")
    try output.line("Error: \u{1B}]0;x\u{7} and \u{202E}")
    try output.flush()
    #expect(sink.text == "\r\u{1B}[2KError: \\e]0;x\\u{7} and \\u{202E}\n")
    let plain = MemorySink()
    let data = TextOutput(plain)
    try data.write("\u{1B}")
    try data.flush()
    #expect(plain.bytes == [0x1B], "data outputs (CSV, JSON) stay exact")
  }
}
