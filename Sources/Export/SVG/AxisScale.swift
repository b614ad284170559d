/// A resolved axis: the value range drawn and the ticks on it.
package struct AxisScale: Equatable {
  /// The value at the plot's start (left or bottom).
  package var lower: Double
  /// The value at the plot's end (right or top).
  package var upper: Double
  /// The ticks, within `lower…upper`, ascending.
  package var ticks: [ChartTick]

  /// Where `value` falls between `start` and `end` (pixels).
  package func position(_ value: Double, from start: Double, to end: Double) -> Double {
    let span = upper - lower
    guard span > 0, span.isFinite else { return (start + end) / 2 }
    return start + (value - lower) / span * (end - start)
  }

  // MARK: - Value axes (y)

  /// A loose value scale over the data (`lower…upper`, nil when there is none), widened to
  /// include zero when asked, or exactly the axis' fixed range with ticks inside it.
  package static func values(
    lower: Double?, upper: Double?, axis: ChartAxis, includesZero: Bool, maxTicks: Int
  ) -> AxisScale {
    if let range = axis.usableRange {
      let scale = NiceScale(
        lower: range.lowerBound, upper: range.upperBound, maxTicks: maxTicks, loose: false)
      return AxisScale(
        lower: range.lowerBound, upper: range.upperBound, ticks: labelled(scale))
    }
    var low = lower ?? 0
    var high = upper ?? 1
    if includesZero || axis.includesZero {
      low = min(low, 0)
      high = max(high, 0)
    }
    let scale = NiceScale(lower: low, upper: high, maxTicks: maxTicks, loose: true)
    return AxisScale(lower: scale.lower, upper: scale.upper, ticks: labelled(scale))
  }

  /// The ticks of a nice scale with their labels.
  package static func labelled(_ scale: NiceScale) -> [ChartTick] {
    scale.ticks.map { ChartTick(value: $0, label: ChartText.number($0, decimals: scale.decimals)) }
  }

  // MARK: - Position axes (x)

  /// A tight scale over the data's x extent, ticked by the axis kind so that labels fit in
  /// `length` pixels without overlapping.
  ///
  /// - Parameter integral: every x value is a whole number (lead days, hours), so ticks never
  ///   step by less than 1.
  package static func positions(
    lower: Double?, upper: Double?, axis: ChartAxis, length: Double, fontSize: Double,
    integral: Bool = false
  ) -> AxisScale {
    if case .category(let labels) = axis.kind {
      return categories(labels, length: length, fontSize: fontSize)
    }
    var (low, high) = extent(lower: lower, upper: upper, axis: axis)
    if axis.includesZero {
      low = min(low, 0)
      high = max(high, 0)
    }
    // Numbers get a 3 % margin so end markers do not sit on the axis; time runs edge to edge.
    if axis.usableRange == nil && !axis.kind.isTime {
      let margin = (high - low) * 0.03
      low -= margin
      high += margin
    }
    var maxTicks = min(max(Int(length / 64) + 1, 2), 13)
    while true {
      let ticks = ticks(
        lower: low, upper: high, axis: axis, maxTicks: maxTicks, integral: integral)
      let scale = AxisScale(lower: low, upper: high, ticks: ticks)
      if maxTicks <= 2 || scale.labelsFit(length: length, fontSize: fontSize) { return scale }
      maxTicks -= 1
    }
  }

  /// The drawn x range: the fixed range, else the data's, widened when it is a single value.
  private static func extent(lower: Double?, upper: Double?, axis: ChartAxis) -> (Double, Double) {
    if let range = axis.usableRange {
      return (range.lowerBound, range.upperBound)
    }
    var low = lower
    var high = upper
    if case .ticks(let given) = axis.kind, low == nil {
      low = given.map(\.value).min()
      high = given.map(\.value).max()
    }
    guard let low, let high else {
      if case .time = axis.kind { return (0, 86_400) }
      return (0, 1)
    }
    if high > low { return (low, high) }
    switch axis.kind {
    case .time: return (low - 3600, high + 3600)
    default: return (low - 1, high + 1)
    }
  }

  /// The ticks of one attempt with at most `maxTicks` ticks.
  private static func ticks(
    lower: Double, upper: Double, axis: ChartAxis, maxTicks: Int, integral: Bool
  ) -> [ChartTick] {
    switch axis.kind {
    case .numeric, .category:
      return labelled(
        NiceScale(
          lower: lower, upper: upper, maxTicks: maxTicks, loose: false,
          minimumStep: integral ? 1 : 0))
    case .hours:
      return hourTicks(lower: lower, upper: upper, maxTicks: maxTicks)
    case .time(let offset, let style):
      return TimeTicks.ticks(
        lower: epoch(lower.rounded(.down)), upper: epoch(upper.rounded(.up)), maxTicks: maxTicks,
        offset: offset, style: style)
    case .ticks(let given):
      let inside = given.filter { $0.value >= lower && $0.value <= upper && $0.value.isFinite }
      guard inside.count > maxTicks, maxTicks > 1 else { return inside }
      // Too many for the width: keep every k-th, starting with the first.
      let stride = (inside.count + maxTicks - 1) / maxTicks
      return inside.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }
  }

  /// Hour steps that read naturally for lead times.
  package static let hourSteps: [Double] = [1, 2, 3, 6, 12, 24, 48, 72, 96, 120, 168, 240, 336]

  /// Ticks at multiples of the smallest of ``hourSteps`` that fits; plain nice numbers for
  /// spans under an hour or beyond two weeks per tick.
  private static func hourTicks(lower: Double, upper: Double, maxTicks: Int) -> [ChartTick] {
    let span = upper - lower
    let fitting = hourSteps.first { span / $0 + 1 <= Double(maxTicks) }
    // Past ±10¹⁵ steps the tick indices would not fit an Int; such data is not lead time.
    guard span >= 1, let step = fitting, (lower / step).magnitude < 1e15,
      (upper / step).magnitude < 1e15
    else {
      return labelled(NiceScale(lower: lower, upper: upper, maxTicks: maxTicks, loose: false))
    }
    let first = (lower / step).rounded(.up)
    let last = (upper / step).rounded(.down)
    guard first <= last else { return [] }
    return (Int(first)...Int(last)).map {
      let value = Double($0) * step
      return ChartTick(value: value, label: ChartText.number(value, decimals: 0))
    }
  }

  /// An x value as epoch seconds, clamped to ±2⁵² so nonsense input cannot trap the conversion.
  package static func epoch(_ value: Double) -> Int64 {
    guard value.isFinite else { return 0 }
    return Int64(min(max(value, -4_503_599_627_370_496), 4_503_599_627_370_496))
  }

  /// Categories at 0…n−1 in bands of equal width; every k-th labelled so labels do not touch.
  package static func categories(_ labels: [String], length: Double, fontSize: Double) -> AxisScale
  {
    let count = labels.count
    guard count > 0 else { return AxisScale(lower: -0.5, upper: 0.5, ticks: []) }
    let band = length / Double(count)
    let widest = labels.map { TextMetrics.width($0, fontSize: fontSize) }.max() ?? 0
    let every = max(1, Int(((widest + 8) / max(band, 0.001)).rounded(.up)))
    let ticks = labels.enumerated().filter { $0.offset % every == 0 }.map {
      ChartTick(value: Double($0.offset), label: $0.element)
    }
    return AxisScale(lower: -0.5, upper: Double(count) - 0.5, ticks: ticks)
  }

  /// Whether neighbouring tick labels, centred on their ticks, keep 10 px apart.
  package func labelsFit(length: Double, fontSize: Double) -> Bool {
    let centres = ticks.map { position($0.value, from: 0, to: length) }
    let widths = ticks.map { TextMetrics.width($0.label, fontSize: fontSize) }
    for index in ticks.indices.dropFirst()
    where centres[index] - centres[index - 1] < (widths[index] + widths[index - 1]) / 2 + 10 {
      return false
    }
    return true
  }
}
