import Testing

@testable import Verify

/// The note a by-lead figure adds when its lines reach different leads (issue 42: a source of
/// 0–6 h drawn against one of 0–15 days with no word).
@Suite struct VerifyFigureLeadRangeTests {
  /// A line with a value at every lead of `leads` but `missing`.
  static func line(_ name: String, _ leads: ClosedRange<Int>, missing: Int? = nil)
    -> (name: String, leads: [Double])
  {
    (name, leads.filter { $0 != missing }.map(Double.init))
  }

  @Test("lines of different reach are named with their ranges; equal reach needs no note")
  func note() {
    #expect(
      VerifyFigure.leadRangeNote(
        [Self.line("demo_provider", 0...6), Self.line("forecast · best_match", 0...15)],
        hours: false)
        == "lead days differ: demo_provider 0–6, forecast · best_match 0–15; each line on its own leads"
    )
    #expect(
      VerifyFigure.leadRangeNote([Self.line("a", 0...48), Self.line("b", 1...48)], hours: true)
        == "leads differ: a 0–48 h, b 1–48 h; each line on its own leads")
    // A point without a value does not count as reached.
    #expect(
      VerifyFigure.leadRangeNote(
        [Self.line("a", 0...6), Self.line("b", 0...7, missing: 7)], hours: false)
        == nil)
    #expect(VerifyFigure.leadRangeNote([Self.line("a", 0...6)], hours: false) == nil)
  }
}
