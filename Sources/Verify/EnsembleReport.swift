import Analysis
import Foundation
import SkycastModel
import Store

/// The result of `verify --ensemble`.
public struct EnsembleReport: Sendable {
  public var request: EnsembleVerifyRequest
  public var rows: [EnsembleScoreRow]
  public var histograms: [RankHistogramRow]
  /// With an event: the Brier decomposition per group of the member probabilities.
  public var reliability: [ReliabilityRow]
  /// Cases scored over all groups.
  public var cases: Int

  /// ` (ecmwf_ifs025)`: the ensemble models asked for, for subtitles; empty when no `--model`
  /// chose (then a figure's series name each model).
  public var modelsText: String {
    request.models.isEmpty ? "" : " (" + request.models.joined(separator: ", ") + ")"
  }

  /// The reliability rows as the deterministic reliability report, for its table and figure.
  public var reliabilityReport: ReliabilityReport {
    ReliabilityReport(request: request.asVerifyRequest, rows: reliability)
  }
}
