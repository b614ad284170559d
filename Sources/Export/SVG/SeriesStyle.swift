/// How one series is drawn: colour, dash pattern, marker shape and bar hatch.
///
/// The automatic styles use the Okabe–Ito colour-blind-safe palette (Okabe & Ito, "Color
/// Universal Design", 2008; Wong, "Points of view: Color blindness", Nature Methods 8:441, 2011)
/// without its yellow, which is too light for lines on white. Colour alone does not survive a
/// greyscale print, so each style also has its own dash pattern, marker shape and bar hatch:
/// series stay distinguishable in black and white and for any colour vision.
///
/// ```swift
/// SeriesStyle.automatic(0)  // blue, solid, circles
/// SeriesStyle.automatic(1)  // vermillion, dashed, squares, "/" hatch
/// ```
public struct SeriesStyle: Sendable, Equatable {
  /// The stroke and fill colour, `#RRGGBB`.
  public var color: String
  /// The SVG `stroke-dasharray` for lines, in pixels; nil for a solid line.
  public var dash: String?
  /// The marker drawn at points.
  public var marker: MarkerShape
  /// The hatch laid over bars.
  public var hatch: HatchPattern

  public init(color: String, dash: String? = nil, marker: MarkerShape, hatch: HatchPattern = .none)
  {
    self.color = color
    self.dash = dash
    self.marker = marker
    self.hatch = hatch
  }

  /// Okabe–Ito colours in drawing order: blue, vermillion, bluish green, orange, reddish
  /// purple, sky blue, black.
  public static let palette = [
    "#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#000000",
  ]

  /// Dash patterns for a 2 px line: solid, dashed, dotted, dash-dot, long dash, dash-dot-dot,
  /// long-short.
  package static let dashes: [String?] = [
    nil, "7 4", "2 3", "9 3 2 3", "14 4", "7 3 2 3 2 3", "12 3 4 3",
  ]

  /// The style of the series at `index`: entry `index` of the palette, dashes, markers and
  /// hatches. Past the seventh series the colours repeat, but with a different dash and marker,
  /// so no two of the first 49 series look alike.
  public static func automatic(_ index: Int) -> SeriesStyle {
    let position = max(index, 0)
    let count = palette.count
    let round = position / count
    return SeriesStyle(
      color: palette[position % count],
      dash: dashes[(position + round) % dashes.count],
      marker: MarkerShape.allCases[(position + 2 * round) % MarkerShape.allCases.count],
      hatch: HatchPattern.allCases[(position + 3 * round) % HatchPattern.allCases.count])
  }

  /// Black, solid, circles: a reference series such as observations under forecasts.
  public static let reference = SeriesStyle(color: "#000000", marker: .circle, hatch: .none)
}
