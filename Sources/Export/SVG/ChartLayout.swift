/// Where everything of a chart goes: title, plot rectangle, count strip, axes, legend and
/// attribution, for a canvas of fixed size.
///
/// From the top: title (18 px, bold), subtitle (13 px), the plot; from the bottom: attribution
/// (10 px), legend rows, x-axis title, tick labels, the optional count strip. The plot takes what
/// is left. Its left edge makes room for the rotated y-axis title and the widest y tick label,
/// and its right edge for half of the last x tick label.
package struct ChartLayout {
  /// A rectangle in canvas pixels.
  package struct Rect: Equatable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
  }

  package static let margin = 14.0
  package static let titleSize = 18.0
  package static let subtitleSize = 13.0
  /// Between the baselines of a subtitle's lines.
  package static let subtitleLineHeight = 16.0
  /// Lines a subtitle may take before its last is cut (about 1,000 characters at 800 px).
  package static let subtitleMaxLines = 12
  package static let axisTitleSize = 13.0
  package static let tickSize = 12.0
  package static let attributionSize = 10.0
  package static let stripHeight = 36.0
  /// Between the plot and the strip, so the lowest y tick label and the strip's label stay apart.
  package static let stripGap = 16.0
  /// The smallest canvas drawn; smaller sizes are raised to it.
  package static let minimumSize = (width: 320, height: 200)

  package let width: Double
  package let height: Double
  package let title: String
  /// The subtitle's lines (as many as it needs; none when there is no subtitle or title).
  package let subtitleLines: [String]
  package let titleBaseline: Double
  package let subtitleBaseline: Double
  /// False when the title and subtitle are not drawn (a caption in the document replaces them);
  /// the SVG `<title>` element still names the chart.
  package let showsTitle: Bool
  /// The data area.
  package let plot: Rect
  /// The sample-size strip under the plot, when shown.
  package let strip: Rect?
  /// The y coordinate of the x axis (the bottom of the strip or of the plot).
  package let axisY: Double
  package let x: AxisScale
  package let y: AxisScale
  package let xTitle: String
  package let yTitle: String
  package let xTitleBaseline: Double
  /// The x of the rotated y-axis title's baseline centre (left of the tick labels).
  package let yTitleX: Double
  /// The y of the rotated y-axis title's centre: the plot's middle unless the title would
  /// run into the header or the legend.
  package let yTitleY: Double
  package let legend: ChartLegend
  package let legendTop: Double
  package let attribution: String?
  package let attributionBaseline: Double

  /// Lays out a chart.
  ///
  /// - Parameters:
  ///   - squarePlot: make the plot a square (diagrams whose axes share a scale).
  ///   - headroom: extra pixels between the subtitle and the plot, for labels above it.
  ///   - makeY: the y scale for a plot this many pixels high.
  ///   - makeX: the x scale for a plot this many pixels wide.
  package init(
    width: Int, height: Int, title: String, subtitle: String?, xTitle: String, yTitle: String,
    legend entries: [(name: String, style: SeriesStyle)], symbol: ChartLegend.Symbol,
    attribution: String?, hasStrip: Bool, showsTitle: Bool = true, squarePlot: Bool = false,
    headroom: Double = 0,
    makeY: (Double) -> AxisScale, makeX: (Double) -> AxisScale
  ) {
    let width = Double(max(width, Self.minimumSize.width))
    let height = Double(max(height, Self.minimumSize.height))
    let margin = Self.margin
    self.width = width
    self.height = height
    self.title = TextMetrics.truncated(
      title, toWidth: width - 2 * margin, fontSize: Self.titleSize)
    self.showsTitle = showsTitle
    // A long subtitle wraps onto as many lines as it needs, at word boundaries, and is never
    // cut: it names the sources and models the figure shows (issue 42: Taylor and conditional
    // subtitles were cut mid-word).
    let subtitleLines =
      subtitle.map {
        $0.isEmpty || !showsTitle
          ? []
          : TextMetrics.wrapped(
            $0, toWidth: width - 2 * margin, fontSize: Self.subtitleSize,
            maxLines: Self.subtitleMaxLines)
      } ?? []
    self.xTitle = xTitle
    self.attribution = attribution.flatMap { $0.isEmpty ? nil : $0 }

    // MARK: Vertical, top down then bottom up.
    let titleBaseline = margin + 17
    let subtitleBaseline = titleBaseline + 20
    self.titleBaseline = titleBaseline
    self.subtitleBaseline = subtitleBaseline
    var bottom = height - 10
    attributionBaseline = bottom
    if self.attribution != nil { bottom -= Self.attributionSize + 8 }
    var legend = ChartLegend(
      entries: entries, symbol: symbol, width: width - 2 * margin,
      maxRows: max(1, Int(height * 0.25 / ChartLegend.rowHeight)))
    var hasStrip = hasStrip
    // On a short canvas the count strip, then legend rows after the first give way, so the plot
    // keeps a usable height; the subtitle stays whole.
    // Without a title the plot starts near the top edge.
    func headerBottom() -> Double {
      !showsTitle
        ? margin - 12
        : subtitleLines.isEmpty
          ? titleBaseline
          : subtitleBaseline + Self.subtitleLineHeight * Double(subtitleLines.count - 1)
    }
    func space() -> Double {
      Self.plotSpace(
        top: headerBottom() + headroom, bottom: bottom,
        legendHeight: legend.height, hasXTitle: !xTitle.isEmpty, hasStrip: hasStrip)
    }
    if hasStrip && space() < 100 { hasStrip = false }
    if legend.rows.count > 1 && space() < 80 {
      legend = ChartLegend(entries: entries, symbol: symbol, width: width - 2 * margin, maxRows: 1)
    }
    var plotHeight = max(space(), 20)
    var plotTop = headerBottom() + 20 + headroom
    self.subtitleLines = subtitleLines
    self.legend = legend
    legendTop = bottom - legend.height
    xTitleBaseline = legendTop - (legend.rows.isEmpty ? 0 : 6) - 4

    // MARK: Horizontal.
    let yScale = makeY(plotHeight)
    let yLabels = yScale.ticks.map { TextMetrics.width($0.label, fontSize: Self.tickSize) }
    var labelWidth = yLabels.max() ?? 0
    if hasStrip { labelWidth = max(labelWidth, TextMetrics.width("99999", fontSize: 10)) }
    var left = margin + (yTitle.isEmpty ? 0 : Self.axisTitleSize + 8) + labelWidth + 9
    var right = width - margin - 4
    if squarePlot {
      // A diagram whose axes share a meaning (probabilities, ratios) needs equal scales: the
      // plot is a square, centred across and sitting on the x-axis labels.
      let side = min(plotHeight, right - left)
      plotTop += plotHeight - side
      plotHeight = side
      left += (right - left - side) / 2
      right = left + side
    }
    var xScale = makeX(right - left)
    // Pull the plot in when the last tick label would hang over the canvas edge.
    if let last = xScale.ticks.last {
      let centre = xScale.position(last.value, from: left, to: right)
      let overhang =
        centre + TextMetrics.width(last.label, fontSize: Self.tickSize) / 2
        - (width - 6)
      if overhang > 0 {
        right -= overhang
        xScale = makeX(right - left)
      }
    }
    y = yScale
    x = xScale
    // The rotated y-axis title is centred on the plot, slid down (or up) when it would run
    // into the title and subtitle or the legend, and cut only when longer than the room
    // between them (short canvases, such as TikZ figures at a text width).
    // It may reach 4 px above the last header baseline, as long titles of 800 × 450 figures do.
    let titleTop = max(headerBottom() - 4, margin)
    let titleBottom = legendTop - 6
    let room = max(titleBottom - titleTop, 20)
    let fitted = TextMetrics.truncated(yTitle, toWidth: room, fontSize: Self.axisTitleSize)
    let half = TextMetrics.width(fitted, fontSize: Self.axisTitleSize) / 2
    self.yTitle = fitted
    yTitleY = min(
      max(plotTop + plotHeight / 2, titleTop + half), max(titleBottom - half, titleTop + half))
    yTitleX = left - labelWidth - 9 - Self.axisTitleSize - 8 + 11
    plot = Rect(x: left, y: plotTop, width: right - left, height: plotHeight)
    strip =
      hasStrip
      ? Rect(
        x: left, y: plotTop + plotHeight + Self.stripGap, width: right - left,
        height: Self.stripHeight)
      : nil
    self.axisY = plotTop + plotHeight + (hasStrip ? Self.stripGap + Self.stripHeight : 0)
  }

  /// The plot height left between the header and the bottom stack (legend, x-axis title, tick
  /// labels, strip).
  private static func plotSpace(
    top: Double, bottom: Double, legendHeight: Double, hasXTitle: Bool, hasStrip: Bool
  ) -> Double {
    var lowest = bottom - legendHeight - (legendHeight > 0 ? 6 : 0)
    if hasXTitle { lowest -= axisTitleSize + 8 }
    lowest -= 22
    if hasStrip { lowest -= stripHeight + stripGap }
    return lowest - (top + 20)
  }

  // MARK: - Mapping

  /// The canvas x of an x value.
  package func xPosition(_ value: Double) -> Double {
    x.position(value, from: plot.x, to: plot.maxX)
  }

  /// The canvas y of a y value (up is larger).
  package func yPosition(_ value: Double) -> Double {
    y.position(value, from: plot.maxY, to: plot.y)
  }
}
