import Analysis
import Store

/// Run-to-run revisions of `verify --revisions`, per group.
///
/// How the numbers are made (see also ``Verifier/revisions(_:)``):
/// 1. For each valid time (city, source, model, valid time or local date) the non-NULL
///    forecasts are taken in issue order (ties: fetch order): x₁ … x_N. A NULL forecast is left
///    out, so the revision across it runs from the forecast before it to the one after.
/// 2. Without a lead key the whole sequence is one segment. With `--by lead` or
///    `--by lead-day`, the sequence is cut where the lead bucket changes, and each segment
///    starts with the last forecast of the bucket before it (its anchor), so every revision
///    xᵢ → xᵢ₊₁ is counted once, in the bucket of the newer forecast xᵢ₊₁ — the lead at which
///    the change reaches the user.
/// 3. Per segment: mean absolute revision mean|xᵢ₊₁ − xᵢ| (N ≥ 2) and the flip-flop index
///    [Σ|xᵢ − xᵢ₊₁| − (max − min)] / (N − 2) (Griffiths et al. 2019; N ≥ 3).
/// 4. Per group: each is the mean over the group's segments where it is defined, so every
///    valid time weighs the same however many issues it has.
public struct RevisionRow: Sendable, Equatable {
  /// Key values in ``VerifyRequest/keys`` order.
  public var keys: [VerifyKeyValue]
  /// Segments (valid times) with at least two forecasts.
  public var validTimes: Int
  /// Revisions (successive-issue changes) counted.
  public var revisions: Int
  /// Mean over valid times of the mean absolute revision.
  public var meanAbsoluteRevision: Double?
  /// Segments (valid times) with at least three forecasts.
  public var flipFlopValidTimes: Int
  /// Mean over valid times of the flip-flop index.
  public var flipFlop: Double?

  public init(
    keys: [VerifyKeyValue], validTimes: Int, revisions: Int, meanAbsoluteRevision: Double?,
    flipFlopValidTimes: Int, flipFlop: Double?
  ) {
    self.keys = keys
    self.validTimes = validTimes
    self.revisions = revisions
    self.meanAbsoluteRevision = meanAbsoluteRevision
    self.flipFlopValidTimes = flipFlopValidTimes
    self.flipFlop = flipFlop
  }
}
