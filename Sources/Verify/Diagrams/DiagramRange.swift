import Export

/// The shared axis range of a diagram whose two axes hold the same quantity (forecast against
/// observed), so its diagonal is the line of equality.
package enum DiagramRange {
  /// `low…high` widened to round tick values (``NiceScale``), nil when there is no data.
  package static func common(low: Double, high: Double) -> ClosedRange<Double>? {
    guard low.isFinite, high.isFinite, high >= low else { return nil }
    let scale = NiceScale(lower: low, upper: high, maxTicks: 8, loose: true)
    return scale.lower...scale.upper
  }
}
