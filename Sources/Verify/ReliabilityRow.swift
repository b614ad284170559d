import Analysis
import Store

/// One group of `verify --reliability`: its reliability table, the Brier decomposition and the
/// ROC area.
public struct ReliabilityRow: Sendable, Equatable {
  public var keys: [VerifyKeyValue]
  /// The ten probability bins (``BrierDecomposition/binCount``), empty ones included.
  public var bins: [BrierDecomposition.Bin]
  /// nil when no pair has a probability in 0–100 %.
  public var decomposition: BrierDecomposition.Result?
  public var rocArea: Double?
  /// Probabilities outside 0–100 %, left out.
  public var rejected: Int
  /// With `--ci`: percentile intervals from the day-block bootstrap.
  public var intervals: [ReliabilityScore: ScoreInterval] = [:]
}
