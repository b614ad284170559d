import Analysis
internal import SQLiteKit
import SkycastModel

/// One valid time of a city's latest ensemble: every present member of every model of the fetch.
public struct EnsembleStep: Sendable, Equatable {
  public var validAt: Int64
  public var members: [Double]

  /// Quantile `q` of the members (``EnsembleScores/quantile(_:_:)``).
  public func quantile(_ q: Double) -> Double? { EnsembleScores.quantile(members, q) }
}
