import Foundation
import TestSupport
import Testing

@testable import Analysis
@testable import SkycastModel
@testable import Store
@testable import Verify

/// `verify --ensemble` against a plain per-case computation: the cases in the order of one SQL
/// join (city, model, valid time, issue, fetch), each scored by `EnsembleScores` with one seeded
/// tie-break draw per case. Members and observations are rounded to half degrees so that ties
/// are frequent; some members and whole values are absent, some hours have no observation, and
/// the two models have different member counts.
@Suite struct EnsembleVerifierCrossCheckTests {
  static let start: Int64 = 1_767_225_600  // 2026-01-01 00:00 UTC

  static func history(_ store: Store) throws {
    for name in ["Alpha", "Beta"] {
      try store.addCity(City(name: name, latitude: 50, longitude: 10, timezone: "UTC"))
    }
    var random = SplitMix64(seed: 11)
    try store.write {
      for city in [1, 2] as [Int64] {
        for hour in 0..<(24 * 40) where random.nextUniform() > 0.05 {
          let validAt = start + Int64(hour) * 3600
          let local = CityTimeZone.utc.local(validAt)
          try store.database.run(
            """
            INSERT INTO hourly_observations (city_id, source, valid_at, valid_date, valid_hour,
              temperature_2m) VALUES (?, 'era5', ?, ?, ?, ?)
            """,
            [
              .integer(city), .integer(validAt), .text(local.date.description),
              .integer(Int64(local.hour)), .real((random.nextGaussian() * 4).rounded() / 2),
            ])
        }
        for (model, size) in [("big", 51), ("small", 11)] {
          for issue in 0..<36 {
            let issuedAt = start + Int64(issue) * 12 * 3600
            for lead in stride(from: -6, to: 200, by: 1) where random.nextUniform() > 0.2 {
              var members = (0..<size).map { _ in Float((random.nextGaussian() * 4).rounded() / 2) }
              for index in members.indices where random.nextUniform() < 0.03 {
                members[index] = .nan
              }
              if random.nextUniform() < 0.01 { members = members.map { _ in .nan } }
              try store.database.run(
                """
                INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at,
                  fetch_id, lead_hours, members) VALUES (?, ?, 'temperature_2m', ?, ?, 1, ?, ?)
                """,
                [
                  .integer(city), .text(model), .integer(issuedAt + Int64(lead) * 3600),
                  .integer(issuedAt), .integer(Int64(lead)), .blob(EnsembleBlob.pack(members)),
                ])
            }
          }
        }
      }
    }
  }

  /// Per group: summed CRPS, squared error of the mean, and rank counts by member count.
  struct Expected {
    var n = 0
    var crps = 0.0
    var squared = 0.0
    var variance = 0.0
    var ranks: [Int: [Int]] = [:]
    /// Cases with a member equal to the observation.
    var ties = 0
  }

  static func expected(_ store: Store, _ request: EnsembleVerifyRequest) throws
    -> [[VerifyKeyValue]:
    Expected]
  {
    let labels = try Verifier(store: store).cityLabels()
    let rows = try store.database.query(
      """
      SELECT e.city_id, e.model, e.lead_hours, o.valid_date, o.valid_hour, e.members,
        o.temperature_2m
      FROM ensemble_forecasts e
      JOIN hourly_observations o
        ON o.city_id = e.city_id AND o.source = 'era5' AND o.valid_at = e.valid_at
      WHERE e.variable = 'temperature_2m' AND o.temperature_2m IS NOT NULL
        \(request.includePast ? "" : "AND e.lead_hours >= 0")
      ORDER BY e.city_id, e.model, e.variable, e.valid_at, e.issued_at, e.fetch_id
      """, [])
    var generator = SplitMix64(seed: request.seed)
    var groups: [[VerifyKeyValue]: Expected] = [:]
    for row in rows {
      guard case .blob(let blob) = row[5] else { continue }
      let members = (EnsembleBlob.unpack(blob) ?? []).filter { !$0.isNaN }.map(Double.init)
      guard !members.isEmpty, let observation = row[6].doubleValue else { continue }
      let lead = row[2].int64Value ?? 0
      let keys = request.groupBy.map { key -> VerifyKeyValue in
        switch key {
        case .lead: .integer(lead)
        case .leadDay: .integer(LeadTime.day(hours: lead))
        case .city: .text(labels[row[0].int64Value ?? 0] ?? "")
        case .model: .text(row[1].stringValue ?? "")
        case .month: .text(String((row[3].stringValue ?? "").prefix(7)))
        case .validHour: .integer(row[4].int64Value ?? 0)
        case .source: .text("ensemble")
        case .season, .obsRange: .text("")  // not ensemble keys
        }
      }
      var group = groups[keys] ?? Expected()
      group.n += 1
      if members.contains(observation) { group.ties += 1 }
      group.crps += EnsembleScores.crps(members, observation: observation, fair: request.fair)!
      let mean = members.reduce(0, +) / Double(members.count)
      group.squared += (mean - observation) * (mean - observation)
      group.variance +=
        members.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(members.count - 1)
      let rank = EnsembleScores.rank(
        members, observation: observation, uniform: generator.nextUniform())!
      group.ranks[members.count, default: [Int](repeating: 0, count: members.count + 1)][rank] +=
        1
      groups[keys] = group
    }
    return groups
  }

  @Test(
    "scores and tie-drawn rank histograms equal a per-case computation in the join's order",
    arguments: [
      ([VerifyKey.leadDay], false, false, UInt64(2026)),
      ([.model, .city, .leadDay], true, false, 7),
      ([.city, .month, .validHour], false, true, 99),
      ([.lead], false, false, 5),
    ])
  func matchesPerCaseComputation(keys: [VerifyKey], fair: Bool, includePast: Bool, seed: UInt64)
    throws
  {
    let store = try Store(path: ":memory:")
    try Self.history(store)
    var request = EnsembleVerifyRequest(
      variable: .temperature2m, observationSource: "era5", groupBy: keys)
    request.fair = fair
    request.includePast = includePast
    request.seed = seed
    let report = try Verifier(store: store).ensemble(request)
    let expected = try Self.expected(store, request)
    #expect(report.rows.count == expected.count)
    #expect(report.cases == expected.values.map(\.n).reduce(0, +))
    var tied = 0
    for row in report.rows {
      let want = try #require(expected[row.keys], "\(row.keys)")
      #expect(row.n == want.n, "\(row.keys)")
      let n = Double(want.n)
      #expect(abs((row.crps ?? .nan) - want.crps / n) < 1e-12, "\(row.keys) crps")
      #expect(abs((row.rmse ?? .nan) - (want.squared / n).squareRoot()) < 1e-12, "\(row.keys)")
      #expect(
        abs((row.spread ?? .nan) - (want.variance / n).squareRoot()) < 1e-12, "\(row.keys)")
      tied += want.ties
    }
    #expect(tied > 1000, "ties are drawn often")
    for histogram in report.histograms {
      let want = try #require(expected[histogram.keys]?.ranks)
      #expect(histogram.counts == want[histogram.members], "\(histogram.keys)")
    }
    #expect(!report.histograms.isEmpty)
  }

  @Test("the rank sort orders any number of members, with ties and absent members, like sort()")
  func rankSortMatchesSort() {
    var random = SplitMix64(seed: 3)
    var members = EnsembleMembers()
    for size in Array(0...70) + [140, 5, 51] {
      for _ in 0..<20 {
        var values = (0..<size).map { _ in Float((random.nextGaussian() * 3).rounded() / 2) }
        for index in values.indices where random.nextUniform() < 0.1 { values[index] = .nan }
        if size > 3 { values[0] = -.infinity }
        EnsembleBlob.pack(values).withUnsafeBytes { members.load($0) }
        let expected = values.filter { !$0.isNaN }.map(Double.init).sorted()
        #expect(members.count == expected.count)
        #expect(members.withSorted { Array($0) } == expected, "size \(size)")
      }
    }
  }

  @Test("without equal members the rank sort skips the filling and still sorts like sort()")
  func rankSortOfDistinctMembers() {
    var random = SplitMix64(seed: 4)
    var members = EnsembleMembers()
    for size in Array(1...70) + [140] {
      for _ in 0..<10 {
        // Distinct by construction: a shuffled ramp of exact steps, then one absent member.
        var values = (0..<size).map { Float($0) * 0.25 - 3 }
        for index in values.indices.reversed() {
          values.swapAt(index, Int(random.nextUniform() * Double(index + 1)))
        }
        if size > 2 { values.insert(.nan, at: size / 2) }
        EnsembleBlob.pack(values).withUnsafeBytes { members.load($0) }
        let expected = values.filter { !$0.isNaN }.map(Double.init).sorted()
        #expect(members.withSorted { Array($0) } == expected, "size \(size)")
      }
    }
  }

  @Test("two cases scored side by side equal each scored alone, to the last bit")
  func pairedCasesMatchSingleCases() {
    var random = SplitMix64(seed: 5)
    func bits(_ scored: EnsembleCase) -> [UInt64?] {
      [
        scored.mean.bitPattern, scored.crps?.bitPattern, scored.variance?.bitPattern,
        UInt64(scored.below), UInt64(scored.ties), UInt64(scored.members),
      ]
    }
    for (first, second) in [(51, 51), (1, 1), (2, 2), (20, 51), (51, 50), (3, 1)] {
      for fair in [false, true] {
        let a = (0..<first).map { _ in (random.nextGaussian() * 2).rounded() / 4 }.sorted()
        let b = (0..<second).map { _ in random.nextGaussian() * 3 }.sorted()
        let (x, y) = (a.first ?? 0, random.nextGaussian())
        let paired = a.withUnsafeBufferPointer { left in
          b.withUnsafeBufferPointer { right in
            EnsembleCase.pair(left, observation: x, right, observation: y, fair: fair)
          }
        }
        let alone = (
          a.withUnsafeBufferPointer { EnsembleCase(sorted: $0, observation: x, fair: fair) },
          b.withUnsafeBufferPointer { EnsembleCase(sorted: $0, observation: y, fair: fair) }
        )
        #expect(bits(paired.0) == bits(alone.0), "\(first) \(second) \(fair)")
        #expect(bits(paired.1) == bits(alone.1), "\(first) \(second) \(fair)")
      }
    }
  }
}
