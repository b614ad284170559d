import Foundation
import TestSupport
import Testing

@testable import Store
@testable import Verify

/// `Verifier.lagged` (time-lagged ensembles) and `Verifier.jumpiness` on generated histories
/// whose answers are computed by hand; each test has its own in-memory database.
@Suite struct VerifierLaggedTests {
  /// 2026-03-01T00:00Z.
  static let start: Int64 = 1_772_323_200
  static let hour: Int64 = 3600

  static func store() throws -> (Store, HistoryWriter) {
    let store = try Store(path: ":memory:")
    let writer = HistoryWriter(store: store)
    try writer.city(1, "Alpha")
    return (store, writer)
  }

  static func request() -> VerifyRequest {
    VerifyRequest(variable: .temperature2m, observationSource: "era5", sources: ["forecast"])
  }

  /// Issues k = 0…3 every 12 h from `start`; valid times V_h = start + 48 h + h (h = 0, 1, 2),
  /// so the newest issue has lead 12 + h (lead day 0). Issues 1–3 forecast f = 10.5, 12.25, 8
  /// and issue 0 forecasts f + 7; observed o = 10, 13, 8 (|f − o| = 0.5, 0.75, 0). A fourth
  /// valid time, start + 60 h, has only issues 2 and 3.
  static func identicalIssues(_ writer: HistoryWriter) throws {
    let forecasts = [10.5, 12.25, 8.0]
    let observed = [10.0, 13.0, 8.0]
    for h in 0..<3 {
      let valid = start + (48 + Int64(h)) * hour
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": observed[h]])
      for issue in 0..<4 {
        let issuedAt = start + Int64(issue) * 12 * hour
        try writer.forecast(
          city: 1, issuedAt: issuedAt, lead: (valid - issuedAt) / hour,
          ["temperature_2m": forecasts[h] + (issue == 0 ? 7 : 0)])
      }
    }
    let short = start + 60 * hour
    try writer.observation(city: 1, validAt: short, ["temperature_2m": 9])
    for issue in 2..<4 {
      let issuedAt = start + Int64(issue) * 12 * hour
      try writer.forecast(
        city: 1, issuedAt: issuedAt, lead: (short - issuedAt) / hour, ["temperature_2m": 9.5])
    }
  }

  @Test("a lagged ensemble of identical issues has spread 0 and CRPS = MAE, exactly")
  func identicalIssuesGiveTheSingleForecastsScores() throws {
    let (store, writer) = try Self.store()
    try Self.identicalIssues(writer)
    let report = try Verifier(store: store).lagged(Self.request(), members: 3)
    #expect(report.members == 3)
    #expect(report.cases == 3)
    #expect(report.tooFewIssues == 1)
    #expect(report.unobserved == 0)
    let row = try #require(report.rows.first)
    #expect(report.rows.count == 1)
    #expect(row.keys == [.integer(0)])
    #expect(row.n == 3)
    #expect(row.spread == 0)
    // The hand value: (0.5 + 0.75 + 0) / 3.
    let mae = (0.5 + 0.75 + 0) / 3
    #expect(row.latestMAE == mae)
    #expect(row.crps == mae)
    #expect(row.fairCRPS == mae)
    #expect(row.mae == mae)
    #expect(row.crpss == 0)
    let histogram = try #require(report.histograms.first)
    #expect(histogram.members == 3)
    // o = 10 is below the members 10.5, o = 13 above 12.25; o = 8 ties all three (rank drawn).
    #expect(histogram.counts.reduce(0, +) == 3)
    #expect(histogram.counts[0] >= 1 && histogram.counts[3] >= 1)
  }

  @Test("with N = 4 the older, different issue joins: spread > 0 and CRPS is the hand value")
  func olderIssueWidensTheEnsemble() throws {
    let (store, writer) = try Self.store()
    try Self.identicalIssues(writer)
    let report = try Verifier(store: store).lagged(Self.request(), members: 4)
    #expect(report.cases == 3)
    #expect(report.tooFewIssues == 1)
    let row = try #require(report.rows.first)
    #expect((row.spread ?? 0) > 0)
    // Members f, f, f, f + 7: E|X − o| − ½E|X − X'| with E|X − X'| = 6 · 7 / 16 = 2.625.
    // f − o = 0.5: (3 · 0.5 + 7.5)/4 − 1.3125 = 0.9375; f − o = −0.75: (3 · 0.75 + 6.25)/4
    // − 1.3125 = 0.8125; f = o: 7/4 − 1.3125 = 0.4375.
    #expect(abs((row.crps ?? 0) - (0.9375 + 0.8125 + 0.4375) / 3) < 1e-12)
    #expect(row.latestMAE == (0.5 + 0.75 + 0) / 3)
  }

  /// Stored ensemble `ens_a` for V_0 and V_1 of ``identicalIssues(_:)``: members f ± 1 issued
  /// at start + 24 h (lead 24 + h, older than the newest issue's 12 + h), and a perfect one
  /// (members = o) issued at start + 42 h that must not be taken (fresher than the newest issue).
  static func storedEnsemble(_ store: Store) throws {
    let forecasts = [10.5, 12.25]
    let observed = [10.0, 13.0]
    for h in 0..<2 {
      let valid = start + (48 + Int64(h)) * hour
      for (issuedAt, members) in [
        (start + 24 * hour, [forecasts[h] - 1, forecasts[h] + 1]),
        (start + 42 * hour, [observed[h], observed[h]]),
      ] {
        try store.database.run(
          """
          INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at, fetch_id,
            lead_hours, members) VALUES (1, 'ens_a', 'temperature_2m', ?, ?, 1, ?, ?)
          """,
          [
            .integer(valid), .integer(issuedAt), .integer((valid - issuedAt) / hour),
            .blob(EnsembleBlob.pack(members.map(Float.init))),
          ])
      }
    }
  }

  @Test("a stored ensemble is scored on the same cases, issued no later than the newest issue")
  func storedEnsembleBeside() throws {
    let (store, writer) = try Self.store()
    try Self.identicalIssues(writer)
    try Self.storedEnsemble(store)
    let report = try Verifier(store: store).lagged(
      Self.request(), members: 3, ensembleModel: "ens_a")
    #expect(report.cases == 2)
    #expect(report.withoutEnsemble == 1)
    let row = try #require(report.rows.first)
    #expect(row.n == 2)
    #expect(row.latestMAE == (0.5 + 0.75) / 2)
    #expect(row.crps == row.latestMAE)
    let side = try #require(row.ensemble)
    // Members f ± 1: E|X − o| = 1 in both cases, ½E|X − X'| = 0.5 (fair: 1).
    #expect(side.members == 2)
    #expect(side.crps == 0.5)
    #expect(side.fairCRPS == 0)
    #expect(side.spread == 2.0.squareRoot())
    #expect(side.mae == (0.5 + 0.75) / 2)
  }

  /// One valid time, start + 24 h: the issue at `start` says 1, the one 12 h later 3; o = 2.
  @Test("two members 1 and 3 against 2: CRPS 0.5, fair CRPS 0, spread √2, latest MAE 1")
  func twoMembersHandExample() throws {
    let (store, writer) = try Self.store()
    let valid = Self.start + 24 * Self.hour
    try writer.observation(city: 1, validAt: valid, ["temperature_2m": 2])
    try writer.forecast(city: 1, issuedAt: Self.start, lead: 24, ["temperature_2m": 1])
    try writer.forecast(
      city: 1, issuedAt: Self.start + 12 * Self.hour, lead: 12, ["temperature_2m": 3])
    let report = try Verifier(store: store).lagged(Self.request(), members: 2)
    let row = try #require(report.rows.first)
    #expect(row.n == 1)
    #expect(row.crps == 0.5)
    #expect(row.fairCRPS == 0)
    #expect(row.spread == 2.0.squareRoot())
    #expect(row.mae == 0 && row.bias == 0)
    #expect(row.latestMAE == 1 && row.latestBias == 1)
    #expect(row.crpss == 0.5)
    #expect(report.histograms.first?.counts == [0, 1, 0])
  }

  /// Ten valid times start + 24 h + i (i = 0…9), each with two issues (start, start + 12 h):
  /// the last revision is r_i = 0.5 i and the newest issue's error ±(2 r_i + w_i) with
  /// w = 0.25, 0, 0.5 repeating, sign alternating; o = 10. One more valid time has a single
  /// issue, another two issues and no observation.
  static func jumpyHistory(_ writer: HistoryWriter) throws {
    let wiggle = [0.25, 0, 0.5]
    for i in 0..<10 {
      let valid = start + (24 + Int64(i)) * hour
      let revision = 0.5 * Double(i)
      let size = 2 * revision + wiggle[i % 3]
      let newest = 10 + (i % 2 == 0 ? size : -size)
      try writer.observation(city: 1, validAt: valid, ["temperature_2m": 10])
      try writer.forecast(
        city: 1, issuedAt: start, lead: 24 + Int64(i), ["temperature_2m": newest - revision])
      try writer.forecast(
        city: 1, issuedAt: start + 12 * hour, lead: 12 + Int64(i), ["temperature_2m": newest])
    }
    let single = start + 40 * hour
    try writer.observation(city: 1, validAt: single, ["temperature_2m": 10])
    try writer.forecast(city: 1, issuedAt: start, lead: 40, ["temperature_2m": 11])
    // Lead 41 has no observation (none is written for it), so it pairs with nothing.
    try writer.forecast(city: 1, issuedAt: start, lead: 41, ["temperature_2m": 11])
    try writer.forecast(
      city: 1, issuedAt: start + 12 * hour, lead: 29, ["temperature_2m": 15])
  }

  @Test("errors by revision bin: MAE grows with the revision, and r matches the hand value")
  func jumpinessGivenBins() throws {
    let (store, writer) = try Self.store()
    try Self.jumpyHistory(writer)
    let report = try Verifier(store: store).jumpiness(Self.request(), edges: [1, 2, 3])
    #expect(report.cases == 10)
    #expect(report.singleIssue == 1)
    #expect(report.unobserved == 1)
    #expect(report.rows.map(\.bin) == [0, 1, 2, 3])
    #expect(report.rows.map(\.n) == [2, 2, 2, 4])
    // |errors| 0.25 1 | 2.5 3.25 | 4 5.5 | 6.25 7 8.5 9.25.
    #expect(report.rows.map(\.mae) == [0.625, 2.875, 4.75, 7.75])
    #expect(report.rows.map(\.meanRevision) == [0.25, 1.25, 2.25, 3.75])
    #expect(report.rows[0].bias == (0.25 - 1) / 2)
    #expect(abs(report.rows[3].rmse - 7.840_200_890_283_36) < 1e-12)
    #expect(report.rows[0].lower == nil && report.rows[0].upper == 1)
    #expect(report.rows[3].lower == 3 && report.rows[3].upper == nil)
    // Pearson r of (0, 0.5, …, 4.5) and (0.25, 1, 2.5, 3.25, 4, 5.5, 6.25, 7, 8.5, 9.25) and
    // its Fisher z interval, from Python's statistics.correlation and math.atanh/tanh.
    #expect(abs((report.correlation ?? 0) - 0.997_815_796_445_598_3) < 1e-12)
    #expect(abs((report.interval?.lower ?? 0) - 0.990_425_162_643_529) < 1e-12)
    #expect(abs((report.interval?.upper ?? 0) - 0.999_503_165_349_093_8) < 1e-12)
  }

  @Test("default bins are the revisions' 20/40/60/80 % quantiles: two cases in each of five")
  func jumpinessQuantileBins() throws {
    let (store, writer) = try Self.store()
    try Self.jumpyHistory(writer)
    let report = try Verifier(store: store).jumpiness(Self.request(), edges: nil)
    #expect(report.edgesFromQuantiles)
    // Type 7 on 0, 0.5, …, 4.5: h = 9p gives 0.9, 1.8, 2.7, 3.6.
    // Rounded to three significant digits, the edges are the shortest decimals.
    #expect(report.edges == [0.9, 1.8, 2.7, 3.6])
    #expect(report.rows.map(\.n) == [2, 2, 2, 2, 2])
    let maes = report.rows.map(\.mae)
    #expect(zip(maes, maes.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test("with --by keys r is also given within each group, equal to the pooled r for one group")
  func jumpinessGroupCorrelation() throws {
    let (store, writer) = try Self.store()
    try Self.jumpyHistory(writer)
    var request = Self.request()
    request.groupBy = [.leadDay]
    let report = try Verifier(store: store).jumpiness(request, edges: [1, 2, 3])
    let group = try #require(report.groupCorrelations.first)
    #expect(report.groupCorrelations.count == 1)
    #expect(group.keys == [.integer(0)] && group.n == 10)
    #expect(group.r == report.correlation)
    #expect(group.lower == report.interval?.lower && group.upper == report.interval?.upper)
  }

  /// City 2, Beta: the same revisions, but the error shrinks as the revision grows
  /// (|error| = 5 − r_i), so r = −1 within Beta while Alpha's is the hand value.
  @Test("r within each city: Alpha's hand value, and −1 where the error shrinks with the revision")
  func jumpinessGroupsDiffer() throws {
    let (store, writer) = try Self.store()
    try Self.jumpyHistory(writer)
    try writer.city(2, "Beta")
    for i in 0..<10 {
      let valid = Self.start + (24 + Int64(i)) * Self.hour
      let revision = 0.5 * Double(i)
      let newest = 10 + (5 - revision)
      try writer.observation(city: 2, validAt: valid, ["temperature_2m": 10])
      try writer.forecast(
        city: 2, issuedAt: Self.start, lead: 24 + Int64(i), ["temperature_2m": newest + revision])
      try writer.forecast(
        city: 2, issuedAt: Self.start + 12 * Self.hour, lead: 12 + Int64(i),
        ["temperature_2m": newest])
    }
    var request = Self.request()
    request.groupBy = [.city]
    let report = try Verifier(store: store).jumpiness(request, edges: [1, 2, 3])
    #expect(report.groupCorrelations.map(\.keys) == [[.text("Alpha")], [.text("Beta")]])
    #expect(abs((report.groupCorrelations[0].r ?? 0) - 0.997_815_796_445_598_3) < 1e-12)
    #expect(abs((report.groupCorrelations[1].r ?? 0) + 1) < 1e-12)
    #expect(report.groupCorrelations.map(\.n) == [10, 10])
  }

  @Test("repeated quantiles give one edge each")
  func repeatedQuantiles() {
    // Type 7 on six zeros and 1…4: 0, 0, 0.4, 2.2.
    #expect(Verifier.quintileEdges([0, 0, 0, 0, 0, 0, 1, 2, 3, 4]) == [0, 0.4, 2.2])
  }

  @Test(
    "quantile edges are rounded to three significant digits",
    arguments: [
      (0.199_999_999_999_999_3, 0.2), (0.400_000_000_000_002_13, 0.4), (12.345, 12.3),
      (0.001_234_9, 0.001_23), (0, 0), (1, 1),
    ])
  func significantDigits(value: Double, expected: Double) {
    #expect(Verifier.significant(value, digits: 3) == expected)
  }
}
