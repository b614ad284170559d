import Testing

@testable import Analysis

@Suite struct ContingencyTableTests {
  /// a = 10, b = 5, c = 3, d = 82 (n = 100), worked by hand: POD 10/13, FAR 5/15, POFD 5/87,
  /// CSI 10/18, a_r = 15·13/100 = 1.95 so ETS 8.05/16.05, FBIAS 15/13,
  /// HSS 2·(820 − 15)/(13·85 + 15·87) = 1610/2410, PC 92/100.
  @Test("scores of a hand-worked table")
  func handWorked() {
    let table = ContingencyTable(a: 10, b: 5, c: 3, d: 82)
    #expect(table.n == 100)
    #expect(Approx.equal(table.pod, 10.0 / 13, within: 1e-12))
    #expect(Approx.equal(table.far, 5.0 / 15, within: 1e-12))
    #expect(Approx.equal(table.pofd, 5.0 / 87, within: 1e-12))
    #expect(Approx.equal(table.csi, 10.0 / 18, within: 1e-12))
    #expect(Approx.equal(table.ets, 8.05 / 16.05, within: 1e-12))
    #expect(Approx.equal(table.fbias, 15.0 / 13, within: 1e-12))
    #expect(Approx.equal(table.hss, 1610.0 / 2410, within: 1e-12))
    #expect(Approx.equal(table.pc, 0.92, within: 1e-12))
  }

  /// No observed event: POD and FBIAS have a zero denominator; the others are still defined.
  @Test("a group without observed events has no POD or frequency bias")
  func noObservedEvent() {
    let table = ContingencyTable(a: 0, b: 2, c: 0, d: 8)
    #expect(table.pod == nil)
    #expect(table.fbias == nil)
    #expect(table.far == 1)
    #expect(table.pofd == 0.2)
    #expect(table.csi == 0)
    #expect(table.ets == 0)
    #expect(table.hss == 0)
    #expect(table.pc == 0.8)
  }

  /// Only correct negatives: every ratio with a, b or c below the line is nil.
  @Test("a group with only correct negatives has only POFD and PC")
  func onlyCorrectNegatives() {
    let table = ContingencyTable(a: 0, b: 0, c: 0, d: 10)
    #expect(table.pod == nil && table.far == nil && table.csi == nil && table.ets == nil)
    #expect(table.fbias == nil && table.hss == nil)
    #expect(table.pofd == 0)
    #expect(table.pc == 1)
  }

  /// An empty table never produces NaN.
  @Test("an empty table has no scores")
  func empty() {
    let table = ContingencyTable()
    let scores = [
      table.pod, table.far, table.pofd, table.csi, table.ets, table.fbias, table.hss, table.pc,
    ]
    #expect(scores.allSatisfy { $0 == nil })
  }

  /// Pairs land in the right cells with the chosen operator.
  @Test("adding pairs fills hits, false alarms, misses and correct negatives")
  func adding() {
    var ge = ContingencyTable()
    var gt = ContingencyTable()
    let pairs: [(Double, Double)] = [(1, 1), (1, 0), (0, 1), (0, 0), (0.5, 0.5)]
    for (f, o) in pairs {
      ge.add(forecast: f, observed: o, threshold: 0.5)
      gt.add(forecast: f, observed: o, threshold: 0.5, op: .gt)
    }
    #expect(ge == ContingencyTable(a: 2, b: 1, c: 1, d: 1))
    #expect(gt == ContingencyTable(a: 1, b: 1, c: 1, d: 2))
  }
}
