import Analysis
import Store

/// The means of MET's VL1L2 line (MET User's Guide, "VL1L2"): forecast and observed wind
/// components u = −s·sin θ, v = −s·cos θ (θ the direction the wind blows from) and their
/// products, over the pairs with speed and direction on both sides.
public struct VectorMeans: Sendable, Equatable {
  public var ufbar: Double
  public var vfbar: Double
  public var uobar: Double
  public var vobar: Double
  /// mean(uf·uo + vf·vo).
  public var uvfobar: Double
  /// mean(uf² + vf²).
  public var uvffbar: Double
  /// mean(uo² + vo²).
  public var uvoobar: Double

  public init(
    ufbar: Double, vfbar: Double, uobar: Double, vobar: Double, uvfobar: Double,
    uvffbar: Double, uvoobar: Double
  ) {
    self.ufbar = ufbar
    self.vfbar = vfbar
    self.uobar = uobar
    self.vobar = vobar
    self.uvfobar = uvfobar
    self.uvffbar = uvffbar
    self.uvoobar = uvoobar
  }

  /// The root-mean-square vector error √(UVFFBAR − 2·UVFOBAR + UVOOBAR) (MET's RMSVE).
  public var rmsve: Double { max(0, uvffbar - 2 * uvfobar + uvoobar).squareRoot() }
}
