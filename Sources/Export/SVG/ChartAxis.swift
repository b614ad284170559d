import SkycastModel

/// One labelled axis of a chart: what its values are and how its ticks are chosen.
///
/// The axis title prints as `label (unit)`, or just `label` when the unit is empty.
///
/// ```swift
/// let lead = ChartAxis(label: "Lead time", unit: "h", kind: .hours)
/// let rmse = ChartAxis(label: "RMSE", unit: "°C", includesZero: true, decimals: 2)
/// let time = ChartAxis.time(label: "Local time (Asia/Shanghai)", zone: shanghai)
/// ```
public struct ChartAxis: Sendable {
  /// How values map to positions and where ticks go.
  public enum Kind: Sendable {
    /// Plain numbers, ticks at 1/2/5 × 10ⁿ steps (``NiceScale``).
    case numeric
    /// Hours (lead time): ticks every 1, 2, 3, 6, 12, 24, 48, 96, … hours.
    case hours
    /// Epoch seconds shown in local time; `offset` gives the UTC offset in seconds in force at
    /// an instant (``CityTimeZone/offset(at:)``). Ticks at whole local hours, days, weeks,
    /// months or years (``TimeTicks``).
    case time(offset: @Sendable (Int64) -> Int, style: DateLabelStyle = .abbreviated)
    /// Categories at x = 0, 1, 2, …, labelled with these strings (line charts; bar charts take
    /// their categories directly).
    case category([String])
    /// Numbers with ticks chosen by the caller (pre-computed labels, any spacing).
    case ticks([ChartTick])
  }

  /// The quantity, `RMSE` or `Lead time`.
  public var label: String
  /// The unit, `°C`, `mm`, `h`; empty for none.
  public var unit: String
  /// How values map and tick.
  public var kind: Kind
  /// Whether the scale always reaches zero (errors, amounts). Bar charts always include it.
  public var includesZero: Bool
  /// A fixed value range (`--min`/`--max`), instead of the data's own. Points outside are
  /// clipped at the plot edge.
  public var range: ClosedRange<Double>?
  /// Decimals of values in tooltips; nil prints the shortest round-trip text.
  public var decimals: Int?

  public init(
    label: String, unit: String = "", kind: Kind = .numeric, includesZero: Bool = false,
    range: ClosedRange<Double>? = nil, decimals: Int? = nil
  ) {
    self.label = label
    self.unit = unit
    self.kind = kind
    self.includesZero = includesZero
    self.range = range
    self.decimals = decimals
  }

  /// A time axis in a city's local time.
  ///
  /// - Parameters:
  ///   - label: the axis title, best naming the zone (`Local time (Asia/Shanghai)`).
  ///   - zone: the zone whose offsets place the ticks.
  ///   - style: `Mar 12` or `03-12` day labels.
  public static func time(
    label: String, zone: CityTimeZone, style: DateLabelStyle = .abbreviated
  ) -> ChartAxis {
    ChartAxis(label: label, kind: .time(offset: { zone.offset(at: $0) }, style: style))
  }

  /// The fixed range when it is finite and not empty; otherwise the data decide.
  package var usableRange: ClosedRange<Double>? {
    guard let range, range.lowerBound.isFinite, range.upperBound.isFinite,
      range.upperBound > range.lowerBound
    else { return nil }
    return range
  }

  /// `label (unit)`, or `label` when there is no unit.
  package var title: String {
    unit.isEmpty ? label : label + " (" + unit + ")"
  }
}

extension ChartAxis.Kind {
  /// Whether values are instants.
  package var isTime: Bool {
    if case .time = self { return true }
    return false
  }
}
