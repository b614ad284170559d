/// Which groups' daily series are long enough for a block-bootstrap interval or a
/// Diebold–Mariano test, and the block length each group gets. A group that is too short gets
/// no interval or verdict and a reason instead, never a degenerate one: with 16 days and
/// 16-day blocks every resample is the same circular series, and a DM variance from 18 days
/// at h = 10 is noise.
///
/// The rules: at least `minimumDays` valid days, and at least `minimumBlocks` blocks (so a
/// resample can differ from the series); the DM test needs at least `minimumBlocks` · h days,
/// since an h-step loss differential is MA(h − 1) and fewer days hold fewer than 3 nearly
/// independent stretches (the simulation in `skycast help verification` measures its size from
/// there on).
public enum SeriesSufficiency {
  /// The fewest valid days for an interval or a test.
  public static let minimumDays = 10
  /// The fewest blocks (of L days for a bootstrap, of h days for the DM test) in a series.
  public static let minimumBlocks = 3

  /// The block length a group's bootstrap starts from: `requested`, or the automatic length
  /// (Wilks 1997, at least ∛D; ``BlockBootstrap/automaticBlockLength(days:lag1:)``) and at
  /// least the horizon h, so that blocks keep the overlap of h-day forecasts together.
  public static func baseBlockLength(days: Int, lag1: Double, horizon: Int, requested: Int?)
    -> Int
  {
    if let requested { return max(1, requested) }
    return max(horizon, BlockBootstrap.automaticBlockLength(days: days, lag1: lag1))
  }

  /// The block length of the studentized interval: twice the base length, so that the
  /// resampled standard errors keep the series' dependence (at the base length, the
  /// simulation's 95 % intervals covered 92–93 %), at most a third of the days; `requested`
  /// as given.
  public static func studentizedBlockLength(base: Int, days: Int, requested: Int?) -> Int {
    if let requested { return max(1, requested) }
    return max(base, min(2 * base, days / minimumBlocks))
  }

  /// Why a series of `days` days gets no bootstrap interval with `blockLength`-day blocks, or
  /// nil when it gets one.
  public static func intervalProblem(days: Int, blockLength: Int) -> String? {
    if days < minimumDays {
      return "\(dayText(days)): too few for an interval (needs \(minimumDays))"
    }
    if days < minimumBlocks * blockLength {
      return
        "\(dayText(days)): too few for \(blockLength)-day blocks (an interval needs \(minimumBlocks) blocks: \(minimumBlocks * blockLength) days)"
    }
    return nil
  }

  /// Why a series of `days` days gets no Diebold–Mariano test at horizon `horizon`, or nil.
  public static func testProblem(days: Int, horizon: Int) -> String? {
    let needed = max(minimumDays, minimumBlocks * horizon)
    guard days < needed else { return nil }
    return "\(dayText(days)): too few for the DM test at h = \(horizon) (needs \(needed))"
  }

  /// `1 day`, `18 days`.
  static func dayText(_ days: Int) -> String { "\(days) day\(days == 1 ? "" : "s")" }

  /// The reason for an interval of zero width: every resample gave the same value.
  public static let constantResamples = "no interval: every resample gave the same value"
}
