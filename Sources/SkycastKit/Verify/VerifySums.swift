/// The sums one row of ``VerifySQL/scores(_:)`` returns (one group, or one group and valid day
/// with `--ci`), read by column name. Sums of several days add up field by field, so a group's
/// scores and every bootstrap resample are finished from the same sums.
struct VerifySums: Sendable, Equatable {
  /// Forecast rows in the group (with or without an observation row).
  var forecasts = 0.0
  /// Forecast rows that found an observation row.
  var matched = 0.0
  var n = 0.0
  var sumError = 0.0
  var sumAbsError = 0.0
  var sumSquaredError = 0.0
  var sumF = 0.0
  var sumO = 0.0
  var sumFF = 0.0
  var sumOO = 0.0
  var sumFO = 0.0
  var a = 0.0
  var b = 0.0
  var c = 0.0
  var d = 0.0
  var brierPairs = 0.0
  var brierSum = 0.0
  var brierRejected = 0.0
  var referencePairs = 0.0
  var referenceSumError2 = 0.0
  var referenceSumReference2 = 0.0
  var uf = 0.0
  var vf = 0.0
  var uo = 0.0
  var vo = 0.0
  var uvfo = 0.0
  var uvff = 0.0
  var uvoo = 0.0

  /// The fields a request fills, in a fixed order: the layout of ``vector(_:)``.
  static func fields(_ request: VerifyRequest) -> [WritableKeyPath<VerifySums, Double>] {
    var fields: [WritableKeyPath<VerifySums, Double>] = [
      \.forecasts, \.matched, \.n, \.sumError, \.sumAbsError, \.sumSquaredError,
    ]
    if request.hasCorrelation { fields += [\.sumF, \.sumO, \.sumFF, \.sumOO, \.sumFO] }
    if request.event != nil { fields += [\.a, \.b, \.c, \.d] }
    if request.computesBrier { fields += [\.brierPairs, \.brierSum, \.brierRejected] }
    if request.skill != nil {
      fields += [\.referencePairs, \.referenceSumError2, \.referenceSumReference2]
    }
    if request.vectorWind { fields += [\.uf, \.vf, \.uo, \.vo, \.uvfo, \.uvff, \.uvoo] }
    return fields
  }

  /// The fields as numbers, in ``fields(_:)`` order.
  func vector(_ fields: [WritableKeyPath<VerifySums, Double>]) -> [Double] {
    fields.map { self[keyPath: $0] }
  }

  /// Sums from numbers in ``fields(_:)`` order.
  init(vector: some Collection<Double>, fields: [WritableKeyPath<VerifySums, Double>]) {
    for (field, value) in zip(fields, vector) { self[keyPath: field] = value }
  }

  init() {}

  /// Adds another day's (or group's) sums, field by field.
  mutating func add(_ other: VerifySums, fields: [WritableKeyPath<VerifySums, Double>]) {
    for field in fields { self[keyPath: field] += other[keyPath: field] }
  }

  /// Finishes the scores: continuous ones from the sums (`ContinuousScores.scores(fromSums:)`),
  /// contingency scores from the table, BS = Σ(p − o)² / n (Brier 1950), and
  /// MSE skill = 1 − Σ(F − O)² / Σ(R − O)² over the pairs with a reference R (Murphy 1988).
  /// Angles and vectors have no Pearson correlation: `corr` is left empty for them.
  func row(keys: [VerifyKeyValue], request: VerifyRequest) -> VerifyRow {
    var scores = ContinuousScores.scores(
      fromSums: Int(n), sumF: sumF, sumO: sumO, sumFF: sumFF, sumOO: sumOO, sumFO: sumFO,
      sumError: sumError, sumAbsError: sumAbsError, sumSquaredError: sumSquaredError)
    if !request.hasCorrelation { scores.corr = nil }
    let brier: Double? = brierPairs > 0 ? brierSum / brierPairs : nil
    var skill: Double?
    if referencePairs > 0 {
      skill = Skill.mseSkill(
        mse: referenceSumError2 / referencePairs,
        referenceMSE: referenceSumReference2 / referencePairs)
    }
    var row = VerifyRow(
      keys: keys, scores: scores, dropped: Int(forecasts - n),
      contingency: request.event == nil
        ? nil : ContingencyTable(a: Int(a), b: Int(b), c: Int(c), d: Int(d)),
      brier: brier, brierPairs: Int(brierPairs), brierRejected: Int(brierRejected),
      mseSkill: skill, skillPairs: Int(referencePairs))
    row.withoutObservation = Int(forecasts - matched)
    if request.vectorWind, n > 0 {
      row.vector = VectorMeans(
        ufbar: uf / n, vfbar: vf / n, uobar: uo / n, vobar: vo / n, uvfobar: uvfo / n,
        uvffbar: uvff / n, uvoobar: uvoo / n)
    }
    return row
  }
}
