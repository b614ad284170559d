/// A confidence interval of one score, `lo`…`hi`.
public struct ScoreInterval: Sendable, Equatable {
  public var lo: Double
  public var hi: Double

  public init(lo: Double, hi: Double) {
    self.lo = lo
    self.hi = hi
  }
}
