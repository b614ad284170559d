import Testing

@testable import Analysis

@Suite struct EventOperatorTests {
  /// `ge` includes the threshold, `gt` does not; NaN is never an event.
  @Test("ge includes the threshold and gt excludes it")
  func operators() {
    #expect(EventOperator.ge.test(1.0, threshold: 1.0))
    #expect(!EventOperator.gt.test(1.0, threshold: 1.0))
    #expect(EventOperator.gt.test(1.0.nextUp, threshold: 1.0))
    #expect(!EventOperator.ge.test(0.99, threshold: 1.0))
    #expect(!EventOperator.ge.test(.nan, threshold: 1.0))
  }

  /// The raw values are the `--op` spellings.
  @Test("operators parse from their command-line names")
  func names() {
    #expect(EventOperator(rawValue: "ge") == .ge)
    #expect(EventOperator(rawValue: "gt") == .gt)
    #expect(EventOperator(rawValue: ">=") == nil)
  }
}
