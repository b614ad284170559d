/// Tolerance comparisons for the analysis tests.
enum Approx {
  /// True when `value` is non-nil and within `tolerance` of `expected`.
  static func equal(_ value: Double?, _ expected: Double, within tolerance: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
  }

  /// True when both are nil, or both are non-nil and within `tolerance`.
  static func equal(_ value: Double?, _ expected: Double?, within tolerance: Double) -> Bool {
    switch (value, expected) {
    case (nil, nil): true
    case (let value?, let expected?): abs(value - expected) <= tolerance
    default: false
    }
  }
}
