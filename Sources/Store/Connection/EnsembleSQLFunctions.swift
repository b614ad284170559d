import Analysis
internal import SQLiteKit

/// SQL functions over packed ensemble values (`ensemble_forecasts.members`, layout in
/// ``EnsembleBlob``), calling the formulas of ``EnsembleScores``.
///
/// | SQL | Result |
/// |---|---|
/// | `ens_member(m, i)` | member `i` (0 = control), NULL when missing or out of range |
/// | `ens_size(m)` | member slots in the value (present or not) |
/// | `ens_mean(m)` | mean of the present members |
/// | `ens_spread(m)` | their standard deviation (divisor M − 1) |
/// | `ens_quantile(m, q)` | quantile `q` in 0…1 (linear, NumPy's default) |
/// | `ens_prob(m, x [, op])` | fraction of members ≥ x (`op` `'>='`/`'ge'`, or `'>'`/`'gt'`) |
/// | `ens_crps(m, obs [, 'fair'])` | ensemble CRPS of `obs` (empirical CDF, or fair) |
/// | `ens_rank(m, obs)` | rank 0…M of `obs` among the members, ties drawn reproducibly |
///
/// A NULL or non-blob `m`, a blob whose length is not a multiple of 4, or a NULL number gives NULL.
public enum EnsembleSQLFunctions {
  /// The SQL names registered by ``register(on:)``.
  public static let names = [
    "ens_member", "ens_size", "ens_mean", "ens_spread", "ens_quantile", "ens_prob", "ens_crps",
    "ens_rank",
  ]

  /// Registers every ensemble function on a connection.
  static func register(on database: Database) throws {
    try database.createFunction("ens_member", argumentCount: 2) { arguments in
      guard let members = unpack(arguments[0]), let index = AnalysisSQLFunctions.code(arguments[1]),
        members.indices.contains(index)
      else { return .null }
      return AnalysisSQLFunctions.real(Double(members[index]))
    }
    try database.createFunction("ens_size", argumentCount: 1) { arguments in
      guard let members = unpack(arguments[0]) else { return .null }
      return .integer(Int64(members.count))
    }
    try database.createFunction("ens_mean", argumentCount: 1) { arguments in
      AnalysisSQLFunctions.real(values(arguments[0]).flatMap(EnsembleScores.mean))
    }
    try database.createFunction("ens_spread", argumentCount: 1) { arguments in
      AnalysisSQLFunctions.real(values(arguments[0]).flatMap(EnsembleScores.spread))
    }
    try database.createFunction("ens_quantile", argumentCount: 2) { arguments in
      guard let members = values(arguments[0]), let q = AnalysisSQLFunctions.number(arguments[1])
      else { return .null }
      return AnalysisSQLFunctions.real(EnsembleScores.quantile(members, q))
    }
    for count: Int32 in [2, 3] {
      try database.createFunction("ens_prob", argumentCount: count) { arguments in
        guard let members = values(arguments[0]),
          let threshold = AnalysisSQLFunctions.number(arguments[1])
        else { return .null }
        var op = EventOperator.ge
        if arguments.count == 3 {
          guard let parsed = eventOperator(arguments[2]) else { return .null }
          op = parsed
        }
        return AnalysisSQLFunctions.real(
          EnsembleScores.probability(members, threshold: threshold, op: op))
      }
      try database.createFunction("ens_crps", argumentCount: count) { arguments in
        guard let members = values(arguments[0]),
          let observation = AnalysisSQLFunctions.number(arguments[1])
        else { return .null }
        var fair = false
        if arguments.count == 3 {
          switch arguments[2] {
          case .text("fair"): fair = true
          case .text("ecdf"): fair = false
          default: return .null
          }
        }
        return AnalysisSQLFunctions.real(
          EnsembleScores.crps(members, observation: observation, fair: fair))
      }
    }
    try database.createFunction("ens_rank", argumentCount: 2) { arguments in
      guard let members = values(arguments[0]),
        let observation = AnalysisSQLFunctions.number(arguments[1])
      else { return .null }
      let draw = EnsembleScores.tieBreak(observation: observation, count: members.count)
      return SQLiteValue(
        EnsembleScores.rank(members, observation: observation, uniform: draw).map(Int64.init))
    }
  }

  static func unpack(_ value: SQLiteValue) -> [Float]? {
    guard case .blob(let bytes) = value else { return nil }
    return EnsembleBlob.unpack(bytes)
  }

  static func values(_ value: SQLiteValue) -> [Double]? {
    guard case .blob(let bytes) = value else { return nil }
    return EnsembleBlob.values(bytes)
  }

  /// `>=`/`ge` or `>`/`gt`.
  static func eventOperator(_ value: SQLiteValue) -> EventOperator? {
    switch value {
    case .text(">="), .text("ge"): .ge
    case .text(">"), .text("gt"): .gt
    default: nil
    }
  }
}
