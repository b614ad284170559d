/// The knobs of `archive changes` (``ModelChangeDetection``).
public struct ModelChangeSettings: Sendable, Equatable {
  /// Level of each segment's CUSUM test (binary segmentation splits while p < alpha).
  public var alpha = 0.01
  /// The fewest days on either side of a change.
  public var minimumSegment = 14
  /// The most days before and after a change that its Diebold–Mariano test pairs.
  public var window = 30
  /// Level at which a change's DM test is called significant.
  public var dmLevel = 0.05

  public init() {}
}
