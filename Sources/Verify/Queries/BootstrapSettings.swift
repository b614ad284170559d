import SkycastModel

/// How `verify --ci` resamples: the interval level, the number of resamples, the block length in
/// valid days (nil: chosen from the data, ``BlockBootstrap/automaticBlockLength(days:lag1:)``) and
/// the seed of the generator.
public struct BootstrapSettings: Sendable, Equatable {
  /// Central interval probability, 0 < level < 1 (0.95 for 95 %).
  public var level: Double
  /// Bootstrap resamples (`--bootstrap`).
  public var resamples: Int
  /// Block length in valid days (`--block-days`); nil for the automatic choice.
  public var blockDays: Int?
  /// The SplitMix64 seed (`--seed`).
  public var seed: UInt64

  /// The seed used when `--seed` is not given, so two runs print the same intervals.
  public static let defaultSeed: UInt64 = 20_260_301
  /// Resamples when `--bootstrap` is not given.
  public static let defaultResamples = 1000

  public init(
    level: Double = 0.95, resamples: Int = defaultResamples, blockDays: Int? = nil,
    seed: UInt64 = defaultSeed
  ) {
    self.level = level
    self.resamples = resamples
    self.blockDays = blockDays
    self.seed = seed
  }

  /// `95 %`, `90 %`, `99.5 %`.
  public var levelText: String {
    let percent = (level * 100 * 1e9).rounded() / 1e9
    let text =
      percent == percent.rounded() ? String(Int(percent)) : NumberText.shortest(percent)
    return text + " %"
  }
}
