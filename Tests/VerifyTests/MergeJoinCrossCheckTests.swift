import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store
@testable import Verify

/// The merge join (``Verifier/ScoresPath/mergeJoin``) must give the SQL path's numbers on
/// randomized histories: NULL values on either side, hours without an observation row, a city
/// without observations, several cities, sources and models, both DST changes of March 2026,
/// negative leads, out-of-range probabilities.
@Suite struct MergeJoinCrossCheckTests {
  static let from = LocalDate("2026-03-05")!
  static let days = 28

  /// A random history; returns the ids of the cities that have observations.
  static func history(_ store: Store, seed: UInt64) throws -> [Int64] {
    let history = HistoryBuilder(store: store)
    var random = SplitMix64(seed: seed)
    let zones = ["UTC", "Europe/Berlin", "America/New_York"]
    var cities = try zones.enumerated().map { index, zone in
      try history.city("City \(index) & #\(index)", timezone: zone)
    }
    // Forecasts only: its pairs are all dropped, and its groups are not listed.
    cities.append(try history.city("Unobserved", timezone: "Asia/Tokyo"))
    func maybe(_ value: Double, null: Double = 0.08) -> Double? {
      random.nextUniform() < null ? nil : value
    }
    let start = from.midnightAsUTC - 86_400
    let end = start + Int64(days + 4) * 86_400
    for city in cities.dropLast() {
      for validAt in stride(from: start, to: end, by: 3600) where random.nextUniform() > 0.07 {
        try history.observedHour(
          city, validAt: validAt,
          [
            "temperature_2m": maybe((random.nextGaussian() * 6).rounded() / 2),
            "precipitation": maybe(max(0, (random.nextGaussian() * 2).rounded() / 4)),
            "wind_speed_10m": maybe(abs(random.nextGaussian() * 12).rounded()),
            "wind_direction_10m": maybe((random.nextUniform() * 36).rounded() * 10),
          ])
      }
    }
    let runs = [
      ("forecast", "best_match"), ("forecast", "ecmwf_ifs025"), ("previous-runs", "best_match"),
    ]
    for city in cities {
      for (source, model) in runs {
        for day in stride(from: 0, to: days, by: 3) {
          let issued = from.midnightAsUTC + Int64(day) * 86_400 + Int64(day % 2) * 43_200
          let fetch = try history.fetch(
            city, source: source, model: model, requestedAt: issued, issuedAt: issued)
          for lead in stride(from: -3, to: 80, by: 1) where random.nextUniform() > 0.3 {
            let probability =
              random.nextUniform() < 0.05 ? 120 : (random.nextUniform() * 10).rounded() * 10
            try history.forecast(
              city, fetch: fetch, issuedAt: issued, validAt: issued + Int64(lead) * 3600,
              source: source, model: model,
              [
                "temperature_2m": maybe((random.nextGaussian() * 6).rounded() / 2),
                "precipitation": maybe(
                  max(0, (random.nextGaussian() * 2).rounded() / 4), null: 0.15),
                "precipitation_probability": maybe(probability, null: 0.1),
                "wind_speed_10m": maybe(abs(random.nextGaussian() * 12).rounded()),
                "wind_direction_10m": maybe((random.nextUniform() * 36).rounded() * 10),
              ])
          }
        }
      }
    }
    return cities.dropLast().map(\.id)
  }

  /// Requests over every shape the merge join serves.
  static func requests(observedCities: [Int64]) -> [(String, VerifyRequest)] {
    var list: [(String, VerifyRequest)] = []
    let base = VerifyRequest(observationSource: "era5", groupBy: [.lead])
    list.append(("by lead", base))
    var request = base
    request.groupBy = [.leadDay, .city, .model, .month, .validHour, .source]
    request.measuresPeriod = true
    list.append(("every key", request))
    request.bootstrap = BootstrapSettings(resamples: 60, seed: 7)
    list.append(("every key with --ci", request))
    request = base
    request.groupBy = [.city, .leadDay]
    request.variable = .precipitation
    request.event = VerifyEvent(threshold: 0.5)
    request.bootstrap = BootstrapSettings(resamples: 40, blockDays: 3, seed: 11)
    list.append(("precipitation, Brier, --ci", request))
    request.event = VerifyEvent(threshold: 0.25, op: .gt)
    request.bootstrap = nil
    request.includePast = true
    list.append(("precipitation > 0.25, past leads", request))
    request = base
    request.variable = .windDirection10m
    request.groupBy = [.leadDay]
    request.event = VerifyEvent(threshold: 180)
    request.measuresPeriod = true
    list.append(("wind direction", request))
    request = base
    request.variable = .windSpeed10m
    request.vectorWind = true
    request.groupBy = [.model, .leadDay]
    request.event = VerifyEvent(threshold: 10, op: .gt)
    request.bootstrap = BootstrapSettings(resamples: 30, seed: 3)
    list.append(("wind vector", request))
    request = base
    request.skill = .persistence
    request.groupBy = [.leadDay]
    request.includePast = true
    list.append(("persistence skill", request))
    request.variable = .windDirection10m
    list.append(("persistence skill on the circle", request))
    request = base
    request.period = LocalDate("2026-03-08")!...LocalDate("2026-03-29")!
    request.sources = ["forecast"]
    request.models = ["ecmwf_ifs025"]
    request.cityIDs = [observedCities[1], observedCities[2], 4]
    request.groupBy = [.city, .leadDay]
    request.bootstrap = BootstrapSettings(resamples: 30, seed: 5)
    list.append(("filtered, DST period", request))
    return list
  }

  static func close(_ left: Double?, _ right: Double?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): abs(left - right) <= 1e-9 * max(1, abs(left), abs(right))
    default: false
    }
  }

  static func mismatches(_ merged: VerifyReport, _ sql: VerifyReport) -> [String] {
    var problems: [String] = []
    if merged.rows.map(\.keys) != sql.rows.map(\.keys) { return ["groups differ"] }
    if merged.unlistedDropped != sql.unlistedDropped { problems.append("unlisted dropped") }
    for (left, right) in zip(merged.rows, sql.rows) {
      let name = left.keys.map(\.description).joined(separator: "/")
      if left.blockDays != right.blockDays || left.intervalNote != right.intervalNote {
        problems.append("\(name): block days or interval note")
      }
      let exact: [(String, Bool)] = [
        ("n", left.scores.n == right.scores.n), ("dropped", left.dropped == right.dropped),
        ("without observation", left.withoutObservation == right.withoutObservation),
        ("contingency", left.contingency == right.contingency),
        ("n_bs", left.brierPairs == right.brierPairs),
        ("bs rejected", left.brierRejected == right.brierRejected),
        ("skill pairs", left.skillPairs == right.skillPairs),
        ("first date", left.firstDate == right.firstDate),
        ("last date", left.lastDate == right.lastDate),
        ("interval scores", Set(left.intervals.keys) == Set(right.intervals.keys)),
        ("vector", (left.vector == nil) == (right.vector == nil)),
      ]
      problems += exact.filter { !$0.1 }.map { "\(name): \($0.0)" }
      let values: [(String, Double?, Double?)] = [
        ("bias", left.scores.bias, right.scores.bias), ("mae", left.scores.mae, right.scores.mae),
        ("rmse", left.scores.rmse, right.scores.rmse),
        ("corr", left.scores.corr, right.scores.corr),
        ("bs", left.brier, right.brier), ("mse_skill", left.mseSkill, right.mseSkill),
        ("uvfobar", left.vector?.uvfobar, right.vector?.uvfobar),
        ("ufbar", left.vector?.ufbar, right.vector?.ufbar),
      ]
      problems += values.filter { !close($0.1, $0.2) }.map { "\(name): \($0.0)" }
      for (score, interval) in left.intervals {
        let other = right.intervals[score]
        if !close(interval.lo, other?.lo) || !close(interval.hi, other?.hi) {
          problems.append("\(name): \(score.column) interval")
        }
      }
    }
    return problems
  }

  @Test("the merge join gives the SQL path's scores, counts and intervals", arguments: [1, 2])
  func mergeJoinMatchesSQL(seed: UInt64) throws {
    let store = try Store(path: ":memory:")
    let observed = try Self.history(store, seed: seed)
    let verifier = Verifier(store: store)
    for (name, request) in Self.requests(observedCities: observed) {
      #expect(Verifier.path(for: request) == .mergeJoin, "\(name)")
      let merged = try verifier.sums(request, path: .mergeJoin).report()
      let sql = try verifier.sums(request, path: .sql).report()
      #expect(!sql.rows.isEmpty, "\(name)")
      #expect(sql.rows.contains { $0.scores.n > 0 && $0.dropped > 0 }, "\(name)")
      let problems = Self.mismatches(merged, sql)
      #expect(problems.isEmpty, "\(name): \(problems.prefix(8))")
    }
  }

  @Test("the merge join serves hourly variables; daily ones and climatology skill stay in SQL")
  func pathChoice() {
    var request = VerifyRequest(observationSource: "era5", groupBy: [.leadDay])
    #expect(Verifier.path(for: request) == .mergeJoin)
    request.skill = .persistence
    #expect(Verifier.path(for: request) == .mergeJoin)
    request.skill = .climatology
    #expect(Verifier.path(for: request) == .sql)
    request.skill = nil
    request.variable = .temperature2mMax
    #expect(Verifier.path(for: request) == .sql)
  }
}
