import Testing

@testable import Export

/// `LaTeXText.escape`: text that pdflatex typesets without packages beyond a plain document.
@Suite struct LaTeXTextTests {
  static let cases: [(text: String, latex: String)] = [
    ("Mean_temp & 50% #1", ##"Mean\_temp \& 50\% \#1"##),
    ("t with ν degrees of freedom", #"t with \ensuremath{\nu} degrees of freedom"#),
    (
      "α = 0.05, σ² ≥ 0",
      #"\ensuremath{\alpha} = 0.05, \ensuremath{\sigma}\textsuperscript{2} \ensuremath{\geq} 0"#
    ),
    ("ΔT −2 °C", #"\ensuremath{\Delta}T \ensuremath{-}2 \ensuremath{^{\circ}}C"#),
  ]

  @Test("specials, symbols and Greek letters become commands pdflatex knows", arguments: cases)
  func escapes(text: String, expected: String) {
    #expect(LaTeXText.escape(text) == expected)
  }

  @Test("a Greek letter no longer counts as text pdflatex cannot set; CJK still does")
  func unicodeOnly() {
    #expect(LaTeXText.firstUnicodeOnly("ν = min(0.4·n^(2/3), n/(2h))") == nil)
    #expect(LaTeXText.firstUnicodeOnly("北港") == "北")
  }
}
