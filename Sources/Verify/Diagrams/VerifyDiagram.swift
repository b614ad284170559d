/// The diagrams of `verify --diagram KIND`: each drawn with `--format svg`, and its points
/// printed as a table in every other format.
public enum VerifyDiagram: String, CaseIterable, Sendable {
  /// Success ratio (1 − FAR) against POD with frequency-bias and CSI isolines (Roebber 2009).
  case performance
  /// Normalised standard deviation and correlation, with centred RMS difference arcs (Taylor
  /// 2001).
  case taylor
  /// The distributions of the forecast when the event was and was not observed.
  case discrimination
  /// Relative economic value against the cost/loss ratio (Richardson 2000).
  case value
  /// Quantiles of the forecast against the same quantiles of the observation.
  case qq
  /// The mean observation in bins of the forecast, and the mean forecast in bins of the
  /// observation (Wilks 2011 §8.3.2: calibration–refinement and likelihood–base-rate).
  case conditional
  /// With `--ensemble`: the PIT histogram of the members (``EnsembleFigure/pitHistogram``).
  case pit

  /// Whether the diagram needs `--threshold` (a yes/no event).
  public var needsEvent: Bool {
    switch self {
    case .performance, .discrimination, .value: true
    case .taylor, .qq, .conditional, .pit: false
    }
  }

  /// Whether it is computed from the pairs themselves (the others from grouped scores).
  public var usesPairs: Bool {
    switch self {
    case .performance, .value, .pit: false
    case .taylor, .discrimination, .qq, .conditional: true
    }
  }

  /// Whether it is grouped by lead day by default: one point or line per lead day.
  public var groupsByLeadDay: Bool {
    switch self {
    case .performance, .taylor, .value: true
    case .discrimination, .qq, .conditional, .pit: false
    }
  }

  /// The diagram's name in a title.
  public var title: String {
    switch self {
    case .performance: "Performance diagram"
    case .taylor: "Taylor diagram"
    case .discrimination: "Discrimination diagram"
    case .value: "Relative economic value"
    case .qq: "Quantile–quantile plot"
    case .conditional: "Conditional means"
    case .pit: "PIT histogram"
    }
  }
}
