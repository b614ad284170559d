import Analysis
import SkycastModel
import Store

extension Verifier {
  /// Scores two models or sources on their common cases per group, with the studentized
  /// interval of the score difference (circular block bootstrap of valid days, each group's
  /// own block length, at least its horizon h) and the Diebold–Mariano test (equal-weighted cosine variance, Student t with ν df) of
  /// the daily mean loss differential d = loss A − loss B, indexed by valid local date. A group
  /// too short for either gets none and a note saying why (`SeriesSufficiency`).
  public func compare(_ request: ComparisonRequest) throws -> ComparisonReport {
    let labels = try cityLabels()
    let keys = request.keys
    let base = keys.count
    var order: [[VerifyKeyValue]] = []
    var groups: [[VerifyKeyValue]: (days: [Double], maxBucket: Int64)] = [:]
    try store.withRows(of: VerifySQL.comparison(request)) { prepared in
      while try prepared.next() {
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
    }

    let settings = request.base.bootstrap ?? BootstrapSettings()
    var rows: [ComparisonRow] = []
    for key in order {
      guard let group = groups[key] else { continue }
      let leadDay =
        request.bucketsByHour
        ? LeadTime.day(hours: group.maxBucket) : group.maxBucket
      rows.append(
        Self.comparisonRow(
          key: key, days: group.days, horizon: 1 + Int(max(0, leadDay)), loss: request.loss,
          settings: settings))
    }
    rows.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    return ComparisonReport(request: request, rows: rows)
  }

  /// One group's row from its day vectors (n, loss A, loss B) in date order.
  package static func comparisonRow(
    key: [VerifyKeyValue], days: [Double], horizon: Int, loss: ComparisonRequest.Loss,
    settings: BootstrapSettings
  ) -> ComparisonRow {
    var total = (n: 0.0, a: 0.0, b: 0.0)
    var differences: [Double] = []
    for day in stride(from: 0, to: days.count, by: 3) {
      total = (total.n + days[day], total.a + days[day + 1], total.b + days[day + 2])
      differences.append((days[day + 1] - days[day + 2]) / days[day])
    }
    var row = ComparisonRow(
      keys: key, n: Int(total.n), days: differences.count, horizon: horizon,
      scoreA: loss.score(meanLoss: total.a / total.n),
      scoreB: loss.score(meanLoss: total.b / total.n))
    var notes: [String] = []
    let lag1 = BlockBootstrap.lag1Autocorrelation(differences) ?? 0
    let baseLength = SeriesSufficiency.baseBlockLength(
      days: row.days, lag1: lag1, horizon: horizon, requested: settings.blockDays)
    if let problem = SeriesSufficiency.intervalProblem(days: row.days, blockLength: baseLength) {
      notes.append(problem)
    } else {
      let length = SeriesSufficiency.studentizedBlockLength(
        base: baseLength, days: row.days, requested: settings.blockDays)
      let outcome = StudentizedBlockBootstrap.interval(
        days: days, score: loss.meanLossScore, blockLength: length,
        resamples: settings.resamples, seed: settings.seed, level: settings.level)
      let interval = outcome?.interval
      if let outcome, let interval, interval.lo < interval.hi {
        row.interval = interval
        row.blockDays = length
        if case .percentile(let reason) = outcome.method {
          notes.append("percentile interval, not studentized: \(reason)")
        }
      } else {
        notes.append(
          interval == nil
            ? "no interval: the difference or its standard error is undefined"
            : SeriesSufficiency.constantResamples)
      }
    }
    if let problem = SeriesSufficiency.testProblem(days: row.days, horizon: horizon) {
      notes.append(problem)
    } else if let test = DieboldMariano.fixedSmoothingTest(differences, horizon: horizon) {
      row.test = test
      if let disagreement = row.disagreement(level: settings.level) { notes.append(disagreement) }
    } else {
      notes.append("no DM test: the loss differential is constant")
    }
    row.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
    return row
  }
}

extension Verifier {
  /// Resolves a `--compare` word: `model:NAME`, `source:NAME` or `SOURCE/MODEL`, else a
  /// forecast source or model of that name stored for the variable's frequency.
  ///
  /// A name that is both a source and a model selects the source when both pick the same
  /// series (an import's model is its source name unless the file says otherwise). A source
  /// that holds several models (of `models`, when given) is refused with their list, since its
  /// side would average them: `SOURCE/MODEL` chooses one.
  ///
  /// - Throws: `InvalidInput` when nothing is stored under the name, the source and the model
  ///   of that name pick different series, or the source holds several models.
  public func comparisonSide(_ text: String, daily: Bool, models: [String] = []) throws
    -> ComparisonRequest.Side
  {
    let stored = try store.storedForecastSeries(daily: daily).map {
      (source: $0.source.rawValue, model: $0.model)
    }
    let side = try comparisonSide(text, stored: stored)
    guard let source = side.sourceName, case .source = side else { return side }
    let held = Set(
      stored.filter { $0.source == source && (models.isEmpty || models.contains($0.model)) }
        .map(\.model)
    ).sorted()
    guard held.count > 1 else { return side }
    throw InvalidInput(
      "--compare: source '\(source)' holds \(held.count) models (\(held.joined(separator: ", "))), which one side would average; name one as \(held.map { "\(source)/\($0)" }.joined(separator: " or "))"
    )
  }

  /// The side `text` names among the `stored` series.
  func comparisonSide(_ text: String, stored: [(source: String, model: String)]) throws
    -> ComparisonRequest.Side
  {
    if text.hasPrefix("model:") { return .model(String(text.dropFirst(6))) }
    if text.hasPrefix("source:") { return .source(String(text.dropFirst(7))) }
    if let slash = text.firstIndex(of: "/") {
      let source = String(text[..<slash])
      let model = String(text[text.index(after: slash)...])
      guard stored.contains(where: { $0.source == source && $0.model == model }) else {
        let held = stored.filter { $0.source == source }.map(\.model)
        throw InvalidInput(
          "'\(text)': source '\(source)' holds no model '\(model)'"
            + (held.isEmpty ? "" : " (it holds \(held.joined(separator: ", ")))"))
      }
      return .series(source: FetchSource(rawValue: source), model: model)
    }
    let sources = Set(stored.map(\.source))
    let models = Set(stored.map(\.model))
    switch (sources.contains(text), models.contains(text)) {
    case (true, false): return .source(text)
    case (false, true): return .model(text)
    case (true, true):
      // An import's model defaults to its source name: when the name picks the same series
      // either way, it is one name to the user.
      let bySource = stored.filter { $0.source == text }.map { "\($0.source)\u{0}\($0.model)" }
      let byModel = stored.filter { $0.model == text }.map { "\($0.source)\u{0}\($0.model)" }
      if Set(bySource) == Set(byModel) { return .source(text) }
      throw InvalidInput(
        "'\(text)' names both a source and a model; write source:\(text) or model:\(text)")
    case (false, false):
      throw InvalidInput(
        "'\(text)' is neither a stored forecast source (\(sources.sorted().joined(separator: ", "))) nor a model (\(models.sorted().joined(separator: ", ")))"
      )
    }
  }

}
