/// Accumulates forecast–observation pairs into pooled ``ContinuousScores``, one pass, numerically
/// stable (Welford 1962 running means with the co-moment update of Chan, Golub & LeVeque 1983).
///
/// ```swift
/// var accumulator = ContinuousAccumulator()
/// accumulator.add(forecast: 21.4, observed: 20.9)
/// accumulator.scores.rmse
/// ```
public struct ContinuousAccumulator: Sendable, Equatable {
  /// Pairs added.
  public private(set) var n = 0
  private var meanF = 0.0
  private var meanO = 0.0
  private var squaresF = 0.0
  private var squaresO = 0.0
  private var coMoment = 0.0
  private var meanError = 0.0
  private var meanAbsError = 0.0
  private var meanSquaredError = 0.0

  public init() {}

  /// Adds one pair; a pair with a non-finite side is dropped (as a NULL pair is).
  public mutating func add(forecast: Double, observed: Double) {
    guard forecast.isFinite, observed.isFinite else { return }
    n += 1
    let count = Double(n)
    let deltaF = forecast - meanF
    meanF += deltaF / count
    let deltaO = observed - meanO
    meanO += deltaO / count
    squaresF += deltaF * (forecast - meanF)
    squaresO += deltaO * (observed - meanO)
    coMoment += deltaF * (observed - meanO)
    let error = forecast - observed
    meanError += (error - meanError) / count
    meanAbsError += (abs(error) - meanAbsError) / count
    meanSquaredError += (error * error - meanSquaredError) / count
  }

  /// Adds every pair another accumulator holds (Chan, Golub & LeVeque 1983 pairwise update).
  public mutating func merge(_ other: ContinuousAccumulator) {
    guard other.n > 0 else { return }
    guard n > 0 else {
      self = other
      return
    }
    let total = Double(n + other.n)
    let weightSelf = Double(n) / total
    let weightOther = Double(other.n) / total
    let deltaF = other.meanF - meanF
    let deltaO = other.meanO - meanO
    let cross = Double(n) * Double(other.n) / total
    squaresF += other.squaresF + deltaF * deltaF * cross
    squaresO += other.squaresO + deltaO * deltaO * cross
    coMoment += other.coMoment + deltaF * deltaO * cross
    meanF = meanF * weightSelf + other.meanF * weightOther
    meanO = meanO * weightSelf + other.meanO * weightOther
    meanError = meanError * weightSelf + other.meanError * weightOther
    meanAbsError = meanAbsError * weightSelf + other.meanAbsError * weightOther
    meanSquaredError = meanSquaredError * weightSelf + other.meanSquaredError * weightOther
    n += other.n
  }

  /// σf, the forecast's population standard deviation (divided by n); nil without pairs.
  public var forecastDeviation: Double? { n > 0 ? (squaresF / Double(n)).squareRoot() : nil }

  /// σo, the observation's population standard deviation (divided by n); nil without pairs.
  public var observedDeviation: Double? { n > 0 ? (squaresO / Double(n)).squareRoot() : nil }

  /// The pooled scores of the pairs added so far.
  public var scores: ContinuousScores {
    guard n > 0 else { return ContinuousScores(n: 0, bias: nil, mae: nil, rmse: nil, corr: nil) }
    var corr: Double?
    if n >= 2, squaresF > 0, squaresO > 0 {
      corr = ContinuousScores.clampedCorrelation(coMoment / (squaresF * squaresO).squareRoot())
    }
    return ContinuousScores(
      n: n, bias: ContinuousScores.finite(meanError), mae: ContinuousScores.finite(meanAbsError),
      rmse: ContinuousScores.finite(max(0, meanSquaredError).squareRoot()), corr: corr)
  }
}
