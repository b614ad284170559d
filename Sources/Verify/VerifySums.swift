import Analysis
import Store

/// The sums one row of ``VerifySQL/scores(_:)`` returns (one group, or one group and valid day
/// with `--ci`), read by column name. Sums of several days add up field by field, so a group's
/// scores and every bootstrap resample are finished from the same sums.
package struct VerifySums: Sendable, Equatable {
  /// Forecast rows in the group (with or without an observation row).
  package var forecasts = 0.0
  /// Forecast rows that found an observation row.
  package var matched = 0.0
  package var n = 0.0
  package var sumError = 0.0
  package var sumAbsError = 0.0
  package var sumSquaredError = 0.0
  package var sumF = 0.0
  package var sumO = 0.0
  package var sumFF = 0.0
  package var sumOO = 0.0
  package var sumFO = 0.0
  package var a = 0.0
  package var b = 0.0
  package var c = 0.0
  package var d = 0.0
  package var brierPairs = 0.0
  package var brierSum = 0.0
  package var brierRejected = 0.0
  package var referencePairs = 0.0
  package var referenceSumError2 = 0.0
  package var referenceSumReference2 = 0.0
  package var uf = 0.0
  package var vf = 0.0
  package var uo = 0.0
  package var vo = 0.0
  package var uvfo = 0.0
  package var uvff = 0.0
  package var uvoo = 0.0

  /// One sum, named by its SQL column.
  package enum Field: String, CaseIterable, Sendable {
    case forecasts, matched, n
    case sumError = "sum_e"
    case sumAbsError = "sum_abs_e"
    case sumSquaredError = "sum_e2"
    case sumF = "sum_f"
    case sumO = "sum_o"
    case sumFF = "sum_ff"
    case sumOO = "sum_oo"
    case sumFO = "sum_fo"
    case a, b, c, d
    case brierPairs = "bs_n"
    case brierSum = "bs_sum"
    case brierRejected = "bs_rejected"
    case referencePairs = "ref_n"
    case referenceSumError2 = "ref_sum_e2"
    case referenceSumReference2 = "ref_sum_r2"
    case uf = "sum_uf"
    case vf = "sum_vf"
    case uo = "sum_uo"
    case vo = "sum_vo"
    case uvfo = "sum_uvfo"
    case uvff = "sum_uvff"
    case uvoo = "sum_uvoo"

    /// The SQL column the field is read from.
    package var column: String { rawValue }
  }

  /// A field's value. (A switch, not a key path: the bootstrap rebuilds sums a million times.)
  package subscript(field: Field) -> Double {
    get {
      switch field {
      case .forecasts: forecasts
      case .matched: matched
      case .n: n
      case .sumError: sumError
      case .sumAbsError: sumAbsError
      case .sumSquaredError: sumSquaredError
      case .sumF: sumF
      case .sumO: sumO
      case .sumFF: sumFF
      case .sumOO: sumOO
      case .sumFO: sumFO
      case .a: a
      case .b: b
      case .c: c
      case .d: d
      case .brierPairs: brierPairs
      case .brierSum: brierSum
      case .brierRejected: brierRejected
      case .referencePairs: referencePairs
      case .referenceSumError2: referenceSumError2
      case .referenceSumReference2: referenceSumReference2
      case .uf: uf
      case .vf: vf
      case .uo: uo
      case .vo: vo
      case .uvfo: uvfo
      case .uvff: uvff
      case .uvoo: uvoo
      }
    }
    set {
      switch field {
      case .forecasts: forecasts = newValue
      case .matched: matched = newValue
      case .n: n = newValue
      case .sumError: sumError = newValue
      case .sumAbsError: sumAbsError = newValue
      case .sumSquaredError: sumSquaredError = newValue
      case .sumF: sumF = newValue
      case .sumO: sumO = newValue
      case .sumFF: sumFF = newValue
      case .sumOO: sumOO = newValue
      case .sumFO: sumFO = newValue
      case .a: a = newValue
      case .b: b = newValue
      case .c: c = newValue
      case .d: d = newValue
      case .brierPairs: brierPairs = newValue
      case .brierSum: brierSum = newValue
      case .brierRejected: brierRejected = newValue
      case .referencePairs: referencePairs = newValue
      case .referenceSumError2: referenceSumError2 = newValue
      case .referenceSumReference2: referenceSumReference2 = newValue
      case .uf: uf = newValue
      case .vf: vf = newValue
      case .uo: uo = newValue
      case .vo: vo = newValue
      case .uvfo: uvfo = newValue
      case .uvff: uvff = newValue
      case .uvoo: uvoo = newValue
      }
    }
  }

  /// The fields a request fills, in a fixed order: the layout of ``vector(_:)``.
  package static func fields(_ request: VerifyRequest) -> [Field] {
    var fields: [Field] = [.forecasts, .matched, .n, .sumError, .sumAbsError, .sumSquaredError]
    if request.hasCorrelation { fields += [.sumF, .sumO, .sumFF, .sumOO, .sumFO] }
    if request.event != nil { fields += [.a, .b, .c, .d] }
    if request.computesBrier { fields += [.brierPairs, .brierSum, .brierRejected] }
    if request.skill != nil {
      fields += [.referencePairs, .referenceSumError2, .referenceSumReference2]
    }
    if request.vectorWind { fields += [.uf, .vf, .uo, .vo, .uvfo, .uvff, .uvoo] }
    return fields
  }

  /// The fields as numbers, in ``fields(_:)`` order.
  package func vector(_ fields: [Field]) -> [Double] {
    fields.map { self[$0] }
  }

  /// Sums from numbers in ``fields(_:)`` order.
  package init(vector: some Collection<Double>, fields: [Field]) {
    for (field, value) in zip(fields, vector) { self[field] = value }
  }

  package init() {}

  /// Adds another day's (or group's) sums, field by field.
  package mutating func add(_ other: VerifySums, fields: [Field]) {
    for field in fields { self[field] += other[field] }
  }

  /// Adds every field of another pair's (or day's) sums: the merge join's per-pair update,
  /// spelled out because a loop over ``Field`` would switch per field and per pair.
  @inline(__always)
  package mutating func addEvery(_ other: VerifySums) {
    forecasts += other.forecasts
    matched += other.matched
    n += other.n
    sumError += other.sumError
    sumAbsError += other.sumAbsError
    sumSquaredError += other.sumSquaredError
    sumF += other.sumF
    sumO += other.sumO
    sumFF += other.sumFF
    sumOO += other.sumOO
    sumFO += other.sumFO
    a += other.a
    b += other.b
    c += other.c
    d += other.d
    brierPairs += other.brierPairs
    brierSum += other.brierSum
    brierRejected += other.brierRejected
    referencePairs += other.referencePairs
    referenceSumError2 += other.referenceSumError2
    referenceSumReference2 += other.referenceSumReference2
    uf += other.uf
    vf += other.vf
    uo += other.uo
    vo += other.vo
    uvfo += other.uvfo
    uvff += other.uvff
    uvoo += other.uvoo
  }

  /// Finishes the scores: continuous ones from the sums (`ContinuousScores.scores(fromSums:)`),
  /// contingency scores from the table, BS = Σ(p − o)² / n (Brier 1950), and
  /// MSE skill = 1 − Σ(F − O)² / Σ(R − O)² over the pairs with a reference R (Murphy 1988).
  /// Angles and vectors have no Pearson correlation: `corr` is left empty for them.
  package func row(keys: [VerifyKeyValue], request: VerifyRequest) -> VerifyRow {
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
