/// Tolerance comparisons for the diagram tests.
enum Approx {
  /// True when `value` is present and within `tolerance` (1e-9 by default) of `expected`.
  static func near(_ value: Double?, _ expected: Double, within tolerance: Double = 1e-9) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
  }
}
