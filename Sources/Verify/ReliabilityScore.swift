import Analysis
import Store

/// A score of `verify --reliability` that gets an interval with `--ci`.
public enum ReliabilityScore: String, CaseIterable, Sendable {
  case bs, rel, res, unc, bss
  case rocArea = "roc_area"

  /// The output column.
  public var column: String { rawValue }

  /// The score's value, nil when undefined.
  public func value(decomposition: BrierDecomposition.Result?, rocArea: Double?) -> Double? {
    switch self {
    case .bs: decomposition?.bs
    case .rel: decomposition?.reliability
    case .res: decomposition?.resolution
    case .unc: decomposition?.uncertainty
    case .bss: decomposition?.skill
    case .rocArea: rocArea
    }
  }
}
