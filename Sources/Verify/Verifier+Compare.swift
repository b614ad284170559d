import Analysis
import SQLiteKit
import SkycastModel

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
    let statement = VerifySQL.comparison(request)
    let prepared = try store.database.prepare(statement.sql)
    try bind(statement, to: prepared)
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
    let stored = try forecastSeries(daily: daily)
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

  /// The distinct (source, model) pairs of the hourly or daily forecasts, found by seeking the
  /// `(city_id, source, model, …)` index city by city rather than scanning millions of rows.
  package func forecastSeries(daily: Bool) throws -> [(source: String, model: String)] {
    if !daily { return try hourlyForecastSeries() }
    let next = try store.database.prepare(
      """
      SELECT source, model FROM daily_forecasts
      WHERE city_id = ?1 AND (source, model) > (?2, ?3)
      ORDER BY city_id, source, model LIMIT 1
      """)
    var found = Set<[String]>()
    for city in try store.cities() {
      var source = ""
      var model = ""
      while true {
        next.reset()
        try next.bind([.integer(city.id), .text(source), .text(model)])
        guard try next.step(), let nextSource = next.text(0), let nextModel = next.text(1) else {
          break
        }
        found.insert([nextSource, nextModel])
        (source, model) = (nextSource, nextModel)
      }
    }
    return found.sorted { $0.lexicographicallyPrecedes($1) }.map { ($0[0], $0[1]) }
  }

  /// The (source, model) pairs with stored hourly rows: the series ids found by seeking the
  /// primary key city by city (a pair can outlive its rows after a prune).
  func hourlyForecastSeries() throws -> [(source: String, model: String)] {
    let next = try store.database.prepare(
      """
      SELECT series_id FROM forecast_hours WHERE city_id = ?1 AND series_id > ?2
      ORDER BY city_id, series_id LIMIT 1
      """)
    var ids = Set<Int64>()
    for city in try store.cities() {
      var last: Int64 = .min
      while true {
        next.reset()
        try next.bind([.integer(city.id), .integer(last)])
        guard try next.step(), let id = next.int64(0) else { break }
        ids.insert(id)
        last = id
      }
    }
    var found: [(source: String, model: String)] = []
    for row in try store.database.query("SELECT id, source, model FROM forecast_series") {
      guard let id = row[0].int64Value, ids.contains(id), let source = row[1].stringValue,
        let model = row[2].stringValue
      else { continue }
      found.append((source, model))
    }
    return found.sorted { ($0.source, $0.model) < ($1.source, $1.model) }
  }
}
