import Analysis
import Foundation
import SkycastModel
import Store

@testable import Verify

/// Data with known answers for the diagram tests: every point's position follows from the
/// construction, so the golden files are checked against numbers, not only against themselves.
enum DiagramFixtures {
  static let period =
    LocalDate(year: 2026, month: 3, day: 1)!...LocalDate(
      year: 2026, month: 3, day: 31)!

  /// Two models over lead days 1–4 with contingency tables whose success ratio and POD are
  /// round: model A at (0.8, 0.8), (0.75, 0.6), (0.6, 0.5), (0.5, 0.4); model B at (0.5, 0.9),
  /// (0.4, 0.8), (0.4, 0.6), (0.3, 0.6).
  static var contingencyReport: VerifyReport {
    var request = VerifyRequest(
      variable: .precipitation, observationSource: "era5", period: period,
      sources: ["forecast"], groupBy: [.model, .leadDay], event: VerifyEvent(threshold: 1))
    request.observationSource = "era5"
    // (a, b, c) chosen so a/(a+b) and a/(a+c) are the targets; d fills to 400.
    let tables: [(String, [(Int, Int, Int)])] = [
      ("model_a", [(40, 10, 10), (30, 10, 20), (30, 20, 30), (20, 20, 30)]),
      ("model_b", [(45, 45, 5), (40, 60, 10), (30, 45, 20), (30, 70, 20)]),
    ]
    var rows: [VerifyRow] = []
    for (model, leads) in tables {
      for (index, (a, b, c)) in leads.enumerated() {
        let table = ContingencyTable(a: a, b: b, c: c, d: 400 - a - b - c)
        rows.append(
          VerifyRow(
            keys: [.text(model), .integer(Int64(index + 1))],
            scores: ContinuousScores(n: 400, bias: 0.1, mae: 1, rmse: 1.5, corr: 0.8),
            contingency: table))
      }
    }
    return VerifyReport(request: request, rows: rows)
  }

  /// Orthogonal zero-mean series of equal variance: o = cos, e = sin over whole periods.
  static func orthogonal(_ count: Int) -> (o: [Double], e: [Double]) {
    let angles = (0..<count).map { 2 * Double.pi * Double($0) / Double(count) }
    return (angles.map { 10 + 5 * cos($0) }, angles.map { 5 * sin($0) })
  }

  /// Taylor targets per lead day (σf/σo, R), model A then model B.
  static let taylorTargets: [(String, [(Double, Double)])] = [
    ("model_a", [(0.9, 0.95), (0.95, 0.9), (1.0, 0.8), (1.05, 0.7)]),
    ("model_b", [(1.2, 0.9), (1.25, 0.85), (1.3, 0.75), (1.4, 0.6)]),
  ]

  /// Pairs whose forecast is s·(R·o′ + √(1 − R²)·e) + mean: exactly σf/σo = s and correlation R.
  static var taylorPairs: DiagramPairs {
    let (o, e) = orthogonal(360)
    var groups: [DiagramPairs.Group] = []
    for (model, targets) in taylorTargets {
      for (index, (s, r)) in targets.enumerated() {
        let forecasts = zip(o, e).map { o, e in
          10 + s * (r * (o - 10) + (1 - r * r).squareRoot() * e)
        }
        groups.append(
          DiagramPairs.Group(
            keys: [.text(model), .integer(Int64(index + 1))], forecasts: forecasts, observed: o))
      }
    }
    return DiagramPairs(keys: [.model, .leadDay], groups: groups, cities: ["Berlin", "Paris"])
  }

  /// Observations 0, 0.2, …, 19.8 (twice), the forecast 0.8·o + 2 for model A and o + 1 for
  /// model B: quantiles and conditional means follow exactly.
  static var linearPairs: DiagramPairs {
    let observed = (0..<200).map { Double($0 % 100) * 0.2 }
    return DiagramPairs(
      keys: [.model],
      groups: [
        DiagramPairs.Group(
          keys: [.text("model_a")], forecasts: observed.map { 0.8 * $0 + 2 }, observed: observed),
        DiagramPairs.Group(
          keys: [.text("model_b")], forecasts: observed.map { $0 + 1 }, observed: observed),
      ],
      cities: ["Berlin"])
  }

  /// 600 observations spread over 0–20 °C and a forecast off by a fixed pseudo-random error
  /// (a sine of an irrational step, up to ±3 °C, larger for model B): a realistic overlap of
  /// the event and no-event distributions for the discrimination figure.
  static var noisyPairs: DiagramPairs {
    let observed = (0..<600).map { 10 + 9 * sin(Double($0) * 0.618) }
    func forecast(_ scale: Double) -> [Double] {
      observed.enumerated().map { $1 + scale * sin(Double($0) * 2.399) }
    }
    return DiagramPairs(
      keys: [.model],
      groups: [
        DiagramPairs.Group(keys: [.text("model_a")], forecasts: forecast(2), observed: observed),
        DiagramPairs.Group(keys: [.text("model_b")], forecasts: forecast(4), observed: observed),
      ],
      cities: ["Berlin"])
  }

  /// Three variables × lead days 0–4: A 10 % better on temperature at every lead, 5 % worse
  /// on wind growing to 25 %, and mixed on precipitation; significant where |rel| ≥ 10 %.
  static var scorecard: Scorecard {
    let rows: [(String, String, (Int) -> Double)] = [
      ("temperature_2m", "2 m temperature", { _ in -0.1 }),
      ("wind_speed_10m", "10 m wind speed", { 0.05 + 0.05 * Double($0) }),
      ("precipitation", "Precipitation", { [0.02, -0.04, 0.0, -0.12, 0.08][$0] }),
    ]
    var entries: [Scorecard.Entry] = []
    for (row, words, relative) in rows {
      for lead in 0..<5 {
        let value = relative(lead)
        entries.append(
          Scorecard.Entry(
            row: row, rowWords: words, lead: Int64(lead), n: 300, scoreA: 1 + value,
            scoreB: 1, relative: value, pValue: value.magnitude >= 0.1 ? 0.01 : 0.4,
            significant: value.magnitude >= 0.1, note: nil))
      }
    }
    return Scorecard(
      a: "model_a", b: "model_b", score: "rmse", level: 0.95,
      rows: rows.map { ($0.0, $0.1) }, leads: (0..<5).map(Int64.init), entries: entries)
  }

  static func context(
    _ request: VerifyRequest, width: Int = 680, height: Int = 720,
    cities: [String] = ["Berlin", "Paris"]
  ) -> DiagramContext {
    DiagramContext(request: request, cities: cities, width: width, height: height)
  }

  static var temperatureRequest: VerifyRequest {
    VerifyRequest(
      variable: .temperature2m, observationSource: "era5", period: period,
      sources: ["forecast"], groupBy: [.model, .leadDay])
  }

  static var eventRequest: VerifyRequest {
    var request = temperatureRequest
    request.groupBy = [.model]
    request.event = VerifyEvent(threshold: 10)
    return request
  }

  /// Three lead days of probability forecasts: day 1 reliable (events = p̄·n), day 2 over-
  /// confident (frequencies pulled toward the base rate), day 3 under-forecasting.
  static var reliabilityReport: ReliabilityReport {
    var request = VerifyRequest(
      variable: .precipitation, observationSource: "era5", period: period,
      sources: ["forecast"], groupBy: [.leadDay])
    request.event = nil
    let counts = [4000, 1200, 600, 400, 300, 220, 160, 110, 70, 40]
    func bins(_ frequency: (Double) -> Double, sharpness: Double) -> [BrierDecomposition.Bin] {
      (0..<10).map { k in
        let p = Double(k) / 10 + 0.05
        let n = Int((Double(counts[k]) * pow(sharpness, Double(k))).rounded())
        return BrierDecomposition.Bin(
          lower: Double(k) / 10, upper: Double(k + 1) / 10, n: n, sumProbability: p * Double(n),
          events: Int((frequency(p) * Double(n)).rounded()))
      }
    }
    // Later lead days are less sharp: fewer forecasts in the high bins.
    let frequencies: [((Double) -> Double, Double)] = [
      ({ $0 }, 1), ({ 0.15 + 0.6 * ($0 - 0.15) }, 0.8), ({ min(1, $0 * 1.3) }, 0.6),
    ]
    let rows = frequencies.enumerated().map { day, shape in
      let groupBins = bins(shape.0, sharpness: shape.1)
      // The Brier sum only scales bs; the figure uses n and the base rate.
      return ReliabilityRow(
        keys: [.integer(Int64(day + 1))], bins: groupBins,
        decomposition: BrierDecomposition.decompose(groupBins, brierSum: 0), rocArea: nil,
        rejected: 0)
    }
    return ReliabilityReport(request: request, rows: rows)
  }
}
