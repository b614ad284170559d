/// The lock-in of a sequence of forecasts of one valid time, oldest issue first: the first
/// issue from which every later issue agrees with the final one (definition: issue 32; a
/// consistency measure beside the flip-flop index of Griffiths et al. 2019, ``Revisions``).
///
/// For an event, issues agree when they give the same yes/no; for a continuous value, when
/// they stay within ±δ of the final issue's value. The final issue always agrees with itself,
/// so a sequence locks in at its last issue at the latest.
public enum LockInLead {
  /// The index of the first issue from which every issue says the same as the last.
  ///
  /// - Returns: nil for no issues.
  public static func index(events: [Bool]) -> Int? {
    guard let final = events.last else { return nil }
    var index = events.count - 1
    while index > 0, events[index - 1] == final { index -= 1 }
    return index
  }

  /// The index of the first issue from which every issue lies within ±`delta` of the last
  /// (inclusive, with a relative allowance of 1e-9 so that a stored 0.1 step is within 0.1).
  ///
  /// - Returns: nil for no issues, a negative or non-finite `delta`, or a non-finite value.
  public static func index(values: [Double], within delta: Double) -> Int? {
    guard let final = values.last, delta >= 0, delta.isFinite, values.allSatisfy(\.isFinite)
    else { return nil }
    let allowance = delta + 1e-9 * max(1, abs(final), delta)
    var index = values.count - 1
    while index > 0, abs(values[index - 1] - final) <= allowance { index -= 1 }
    return index
  }
}
