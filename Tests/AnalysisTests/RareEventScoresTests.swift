import Analysis
import Foundation
import TestSupport
import Testing

/// KSS, odds ratio, Yule's Q, EDI, SEDI and the relative economic value against verif 1.4 and
/// scores 2.7 (`Tests/Reference/make_verification_reference.py`, entry `contingency`).
@Suite struct RareEventScoresTests {
  static func cases() throws -> [[String: Any]] {
    try #require(ReferenceVectors.load()["contingency"] as? [[String: Any]])
  }

  static func table(_ item: [String: Any]) throws -> ContingencyTable {
    ContingencyTable(
      a: try #require(item["a"] as? Int), b: try #require(item["b"] as? Int),
      c: try #require(item["c"] as? Int), d: try #require(item["d"] as? Int))
  }

  static func same(_ value: Double?, _ expected: Double?) -> Bool {
    switch (value, expected) {
    case (nil, nil): true
    case (let value?, let expected?): abs(value - expected) <= 1e-9 * max(1, abs(expected))
    default: false
    }
  }

  @Test(
    "KSS, odds ratio, Yule's Q, EDI and SEDI equal verif's Kss, Or, YulesQ, Edi, Sedi (nil where verif gives NaN)"
  )
  func matchVerif() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 8)
    for item in cases {
      let table = try Self.table(item)
      let verif = try #require(item["verif"] as? [String: Any])
      let scores: [(String, Double?)] = [
        ("kss", table.kss), ("odds_ratio", table.oddsRatio), ("yules_q", table.yulesQ),
        ("edi", table.edi), ("sedi", table.sedi),
      ]
      for (name, value) in scores {
        let expected = ReferenceVectors.double(verif[name])
        #expect(
          Self.same(value, expected),
          "\(name) \(table): \(String(describing: value)) vs \(String(describing: expected))")
      }
    }
  }

  @Test(
    "KSS, odds ratio, Yule's Q and SEDI equal scores' peirce_skill_score, odds_ratio, yules_q and symmetric_extremal_dependence_index"
  )
  func matchScores() throws {
    for item in try Self.cases() {
      let table = try Self.table(item)
      let scores = try #require(item["scores"] as? [String: Any])
      let pairs: [(String, Double?)] = [
        ("kss", table.kss), ("odds_ratio", table.oddsRatio), ("yules_q", table.yulesQ),
        ("sedi", table.sedi),
      ]
      for (name, value) in pairs {
        #expect(Self.same(value, ReferenceVectors.double(scores[name])), "\(name) \(table)")
      }
    }
  }

  @Test(
    "the relative economic value equals scores' relative_economic_value of the binary forecasts at each cost/loss ratio"
  )
  func economicValue() throws {
    for item in try Self.cases() {
      let table = try Self.table(item)
      let ratios = ReferenceVectors.doubles(item["cost_loss"]).compactMap { $0 }
      let expected = ReferenceVectors.doubles(item["economic_value"])
      #expect(ratios.count == expected.count && ratios.count >= 9)
      for (ratio, value) in zip(ratios, expected) {
        let computed = EconomicValue.value(
          hits: table.a, falseAlarms: table.b, misses: table.c, correctNegatives: table.d,
          costLoss: ratio)
        #expect(
          Self.same(computed, value),
          "\(table) at \(ratio): \(String(describing: computed)) vs \(String(describing: value))")
        #expect(EconomicValue.value(table, costLoss: ratio) == computed)
      }
    }
  }

  /// a = 1, b = 2, c = 3, d = 4: H = 1/4, F = 2/6; KSS = (4 − 6)/(4·6) = −1/12, OR = 4/6,
  /// Q = (4 − 6)/(4 + 6) = −0.2, EDI = (ln ⅓ − ln ¼)/(ln ⅓ + ln ¼).
  @Test("a hand-computed table")
  func handExample() throws {
    let table = ContingencyTable(a: 1, b: 2, c: 3, d: 4)
    #expect(abs(try #require(table.kss) - -1.0 / 12) < 1e-15)
    #expect(abs(try #require(table.oddsRatio) - 4.0 / 6) < 1e-15)
    #expect(abs(try #require(table.yulesQ) - -0.2) < 1e-15)
    let edi = (log(1.0 / 3) - log(0.25)) / (log(1.0 / 3) + log(0.25))
    #expect(abs(try #require(table.edi) - edi) < 1e-15)
    let sedi =
      (log(1.0 / 3) - log(0.25) - log(2.0 / 3) + log(0.75))
      / (log(1.0 / 3) + log(0.25) + log(2.0 / 3) + log(0.75))
    #expect(abs(try #require(table.sedi) - sedi) < 1e-15)
  }

  /// s = 0.4, α = 0.2: E_c = 0.2, E_p = 0.08, E_f = 0.2·0.5 + 0.1 = 0.2 → V = 0; a perfect
  /// forecast has V = 1; α = 0 or 1 and an event that never happens have none.
  @Test("economic value: no better than climate is 0, perfect is 1, undefined cases are nil")
  func economicValueCases() {
    #expect(
      EconomicValue.value(hits: 3, falseAlarms: 2, misses: 1, correctNegatives: 4, costLoss: 0.2)
        .map { abs($0) < 1e-15 } == true)
    #expect(
      EconomicValue.value(hits: 4, falseAlarms: 0, misses: 0, correctNegatives: 6, costLoss: 0.3)
        == 1)
    for ratio in [0.0, 1.0, -0.1, 1.5] {
      #expect(
        EconomicValue.value(
          hits: 3, falseAlarms: 2, misses: 1, correctNegatives: 4, costLoss: ratio) == nil)
    }
    #expect(
      EconomicValue.value(hits: 0, falseAlarms: 2, misses: 0, correctNegatives: 8, costLoss: 0.5)
        == nil)
    #expect(
      EconomicValue.value(hits: 0, falseAlarms: 0, misses: 0, correctNegatives: 0, costLoss: 0.5)
        == nil)
  }
}
