import Testing

@testable import Analysis

@Suite struct LockInLeadTests {
  /// no, yes, no, yes, yes, yes: the last three agree with the final yes, so index 3.
  @Test("an event sequence locks in at the first issue of its final run of answers")
  func events() {
    #expect(LockInLead.index(events: [false, true, false, true, true, true]) == 3)
    #expect(LockInLead.index(events: [true, true, true]) == 0)
    #expect(LockInLead.index(events: [true, true, false]) == 2)
    #expect(LockInLead.index(events: [false]) == 0)
    #expect(LockInLead.index(events: []) == nil)
  }

  /// Final 10.0, δ = 1: 12.0 and 8.5 are outside, 9.0 (exactly δ) and 10.6 inside, so index 2.
  @Test("a continuous sequence locks in when it stays within delta of the final issue")
  func values() {
    #expect(LockInLead.index(values: [12.0, 8.5, 9.0, 10.6, 10.0], within: 1) == 2)
    #expect(LockInLead.index(values: [10.0, 10.0], within: 0) == 0)
    #expect(LockInLead.index(values: [10.1, 10.0], within: 0) == 1)
    // 0.1 steps as stored: 1.1 − 1.0 is 0.10000000000000009, still within 0.1.
    #expect(LockInLead.index(values: [1.1, 1.0], within: 0.1) == 0)
  }

  @Test("undefined inputs have no lock-in")
  func undefined() {
    #expect(LockInLead.index(values: [], within: 1) == nil)
    #expect(LockInLead.index(values: [1, 2], within: -1) == nil)
    #expect(LockInLead.index(values: [1, .nan], within: 1) == nil)
  }
}
