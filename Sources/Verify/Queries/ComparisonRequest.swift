import Analysis
import SkycastModel

/// What `verify --compare A B` compares: two models or two forecast sources, scored on the same
/// cases with a squared or absolute error loss.
public struct ComparisonRequest: Sendable, Equatable {
  /// One side of the comparison.
  public enum Side: Sendable, Equatable, CustomStringConvertible {
    /// The forecasts of one model (within each source).
    case model(String)
    /// The forecasts of one source (`forecast`, `previous-runs`, an import name) that holds
    /// one model.
    case source(String)
    /// The forecasts of one model of one source, written `SOURCE/MODEL`: one side of a source
    /// comparison when the source holds several models.
    case series(source: FetchSource, model: String)

    /// `ecmwf_ifs025`, `forecast`, `forecast/best_match`.
    public var name: String {
      switch self {
      case .model(let name), .source(let name): name
      case .series(let source, let model): "\(source)/\(model)"
      }
    }

    /// The source a source-side selects.
    public var sourceName: String? {
      switch self {
      case .model: nil
      case .source(let name): name
      case .series(let source, _): source.rawValue
      }
    }

    /// `model ecmwf_ifs025`, `source forecast`, `source forecast, model best_match`.
    public var description: String {
      switch self {
      case .model(let name): "model \(name)"
      case .source(let name): "source \(name)"
      case .series(let source, let model): "source \(source), model \(model)"
      }
    }
  }

  /// The loss of one forecast: squared error (scores as RMSE) or absolute error (MAE).
  public enum Loss: String, Sendable, CaseIterable {
    case se, ae

    /// The score the loss averages into: `rmse` or `mae`.
    public var score: String { self == .se ? "rmse" : "mae" }

    /// The function of the mean loss that makes the score: √mean for squared errors, the mean
    /// itself for absolute ones.
    public var meanLossScore: StudentizedBlockBootstrap.Score { self == .se ? .root : .identity }

    /// The score from the mean loss.
    public func score(meanLoss: Double) -> Double {
      meanLossScore.value(self == .se ? max(0, meanLoss) : meanLoss)
    }
  }

  /// The filters, grouping and bootstrap shared with scores (`sources`, `models`, `cityIDs`,
  /// `period`, `groupBy`, `includePast`, `bootstrap`).
  public var base: VerifyRequest
  public var a: Side
  public var b: Side
  public var loss: Loss

  public init(base: VerifyRequest, a: Side, b: Side, loss: Loss = .se) {
    self.base = base
    self.a = a
    self.b = b
    self.loss = loss
  }

  /// True when the sides are models: cases then also match on source, kept apart as scores
  /// keep them.
  public var comparesModels: Bool {
    if case .model = a { return true }
    return false
  }

  /// The output key columns: `source` first when models are compared and not exactly one
  /// source is selected, then the `--by` keys.
  public var keys: [VerifyKey] {
    comparesModels && base.sources.count != 1 && !base.groupBy.contains(.source)
      ? [.source] + base.groupBy : base.groupBy
  }

  /// The lead bucket cases match on: lead hours with `--by lead`, else the lead day.
  public var bucketsByHour: Bool {
    base.variable.frequency == .hourly && base.groupBy.contains(.lead)
  }

  /// Checks the sides and keys.
  ///
  /// - Throws: `InvalidInput` (usage) naming the problem.
  public func validated() throws -> ComparisonRequest {
    _ = try base.validated()
    if a == b { throw InvalidInput("--compare needs two different models or sources") }
    switch (a, b) {
    case (.model, .model), (.source, .source), (.source, .series), (.series, .source),
      (.series, .series):
      break
    default:
      throw InvalidInput("--compare compares two models or two sources, not \(a) with \(b)")
    }
    if base.groupBy.contains(.model) || (!comparesModels && base.groupBy.contains(.source)) {
      throw InvalidInput(
        "--by \(base.groupBy.contains(.model) ? "model" : "source") cannot be combined with --compare (the compared \(comparesModels ? "models" : "sources") are the columns)"
      )
    }
    if comparesModels ? !base.models.isEmpty : !base.sources.isEmpty {
      throw InvalidInput(
        "--\(comparesModels ? "model" : "source") cannot be combined with --compare of two \(comparesModels ? "models" : "sources")"
      )
    }
    if base.event != nil || base.skill != nil {
      throw InvalidInput("--compare scores rmse or mae; leave out --threshold and --skill")
    }
    return self
  }
}
