import Analysis
import SQLiteKit
import SkycastModel
import Store

/// One group of `verify --compare`.
public struct ComparisonRow: Sendable, Equatable {
  /// Key values in ``ComparisonRequest/keys`` order.
  public var keys: [VerifyKeyValue]
  /// Cases both sides forecast.
  public var n: Int
  /// Valid days with at least one such case: the length of the daily series.
  public var days: Int
  /// The forecast horizon of the daily series, 1 + the group's largest lead day.
  public var horizon: Int
  /// A's and B's score (RMSE or MAE) on the common cases.
  public var scoreA: Double?
  public var scoreB: Double?
  /// Percentile interval of A − B from the day-block bootstrap.
  public var interval: ScoreInterval?
  /// The Diebold–Mariano test of the daily mean loss differential, nil when undefined.
  public var test: DieboldMariano.Result?

  /// A − B.
  public var difference: Double? {
    guard let scoreA, let scoreB else { return nil }
    return scoreA - scoreB
  }

  /// `A better`, `B better` or `no significant difference` at `level`; nil without a test.
  public func verdict(level: Double) -> String? {
    guard let test else { return nil }
    guard test.pValue < 1 - level else { return "no significant difference" }
    return test.mean < 0 ? "A better" : "B better"
  }
}

/// The result of `verify --compare`.
public struct ComparisonReport: Sendable {
  public var request: ComparisonRequest
  /// Groups sorted by key values.
  public var rows: [ComparisonRow]
  /// The bootstrap block length used, in valid days.
  public var blockDays: Int
}

extension Verifier {
  /// Scores two models or sources on their common cases per group, with the percentile
  /// interval of the score difference (circular block bootstrap of valid days, block length at
  /// least the horizon h) and the Diebold–Mariano test (HLN, Student t) of the daily mean loss
  /// differential d = loss A − loss B, indexed by valid local date.
  public func compare(_ request: ComparisonRequest) throws -> ComparisonReport {
    let prepared = try store.rows(of: VerifySQL.comparison(request))
    let labels = try cityLabels()
    let keys = request.keys
    let base = keys.count
    var order: [[VerifyKeyValue]] = []
    var groups: [[VerifyKeyValue]: (days: [Double], maxBucket: Int64)] = [:]
    while try prepared.step() {
      let values = Self.groupKeyValues(prepared, keys: keys, labels: labels)
      let n = prepared.double(Int32(base + 1)) ?? 0
      let lossA = prepared.double(Int32(base + 2)) ?? 0
      let lossB = prepared.double(Int32(base + 3)) ?? 0
      let bucket = prepared.int64(Int32(base + 4)) ?? 0
      guard n > 0 else { continue }
      if groups[values] == nil {
        order.append(values)
        groups[values] = ([], bucket)
      }
      let previous = groups[values]?.maxBucket ?? bucket
      groups[values]?.days += [n, lossA, lossB]
      groups[values]?.maxBucket = max(previous, bucket)
    }

    let settings = request.base.bootstrap ?? BootstrapSettings()
    let loss = request.loss
    var series: [(key: [VerifyKeyValue], days: [Double], horizon: Int, differences: [Double])] =
      []
    var blockDays = settings.blockDays ?? 1
    for key in order {
      guard let group = groups[key] else { continue }
      let leadDay =
        request.bucketsByHour
        ? LeadTime.day(hours: group.maxBucket) : group.maxBucket
      let horizon = 1 + Int(max(0, leadDay))
      var differences: [Double] = []
      for day in stride(from: 0, to: group.days.count, by: 3) {
        differences.append((group.days[day + 1] - group.days[day + 2]) / group.days[day])
      }
      if settings.blockDays == nil {
        let lag1 = BlockBootstrap.lag1Autocorrelation(differences) ?? 0
        blockDays = max(
          blockDays, horizon,
          BlockBootstrap.automaticBlockLength(days: differences.count, lag1: lag1))
      }
      series.append((key, group.days, horizon, differences))
    }

    var rows: [ComparisonRow] = []
    for group in series {
      var total = (n: 0.0, a: 0.0, b: 0.0)
      for day in stride(from: 0, to: group.days.count, by: 3) {
        total.n += group.days[day]
        total.a += group.days[day + 1]
        total.b += group.days[day + 2]
      }
      let interval =
        BlockBootstrap.intervals(
          days: group.days, width: 3, blockLength: blockDays, resamples: settings.resamples,
          seed: settings.seed, level: settings.level
        ) { sums in
          guard sums[0] > 0 else { return [nil] }
          return [
            loss.score(meanLoss: sums[1] / sums[0]) - loss.score(meanLoss: sums[2] / sums[0])
          ]
        }.first ?? nil
      rows.append(
        ComparisonRow(
          keys: group.key, n: Int(total.n), days: group.differences.count,
          horizon: group.horizon, scoreA: loss.score(meanLoss: total.a / total.n),
          scoreB: loss.score(meanLoss: total.b / total.n), interval: interval,
          test: DieboldMariano.test(group.differences, horizon: group.horizon)))
    }
    rows.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    return ComparisonReport(request: request, rows: rows, blockDays: blockDays)
  }
}

extension Verifier {
  /// Resolves a `--compare` word: `model:NAME` or `source:NAME`, else a forecast source or
  /// model of that name stored for the variable's frequency.
  ///
  /// - Throws: `InvalidInput` when nothing or both are stored under the name.
  public func comparisonSide(_ text: String, daily: Bool) throws -> ComparisonRequest.Side {
    if text.hasPrefix("model:") { return .model(String(text.dropFirst(6))) }
    if text.hasPrefix("source:") { return .source(String(text.dropFirst(7))) }
    let stored = try store.storedForecastSeries(daily: daily)
    let sources = Set(stored.map(\.source))
    let models = Set(stored.map(\.model))
    switch (sources.contains(text), models.contains(text)) {
    case (true, false): return .source(text)
    case (false, true): return .model(text)
    case (true, true):
      throw InvalidInput(
        "'\(text)' names both a source and a model; write source:\(text) or model:\(text)")
    case (false, false):
      throw InvalidInput(
        "'\(text)' is neither a stored forecast source (\(sources.sorted().joined(separator: ", "))) nor a model (\(models.sorted().joined(separator: ", ")))"
      )
    }
  }

}
