/// A grouped bar chart as a standalone SVG 1.1 document: daily or monthly precipitation per
/// city, one bar per series in each category.
///
/// Bars grow from zero (up for positive values, down for negative), so the y axis always
/// includes zero; a missing value (nil) leaves its slot empty. Each series has an Okabe–Ito
/// colour and, from the second series on, a white hatch (``HatchPattern``) so groups stay apart in
/// greyscale. Category labels are thinned to every k-th when they would collide. Bars carry a
/// `<title>` tooltip. Same chart, same bytes.
///
/// ```swift
/// let chart = BarChart(
///   title: "Daily precipitation",
///   categories: ["Mar 1", "Mar 2", "Mar 3"],
///   xLabel: "Local date",
///   yAxis: ChartAxis(label: "Precipitation", unit: "mm", decimals: 1),
///   series: [BarSeries(name: "北京", values: [0, 3.2, nil])])
/// ```
public struct BarChart: Sendable {
  /// The chart title (also the document's `<title>`).
  public var title: String
  /// A second, grey line under the title.
  public var subtitle: String?
  /// The category labels, left to right (`2026-03`, `Mar 12`); see ``DateLabelStyle``.
  public var categories: [String]
  /// The x-axis title (`Local date`, `Month`); empty for none.
  public var xLabel: String
  /// The value axis; always numeric and always including zero.
  public var yAxis: ChartAxis
  /// The bar groups, left to right within each category, in legend order.
  public var series: [BarSeries]
  /// Canvas width in pixels (at least 320).
  public var width: Int
  /// Canvas height in pixels (at least 200).
  public var height: Int
  /// The line at the bottom right; nil for none.
  public var attribution: String?
  /// Draw the title and subtitle; false leaves them to a caption (LaTeX, Word), keeping only
  /// the document's `<title>`.
  public var showsTitle = true
  /// A dashed horizontal line across the plot at this value (for example the flat line of a
  /// rank histogram), with its legend text; nil for none.
  public var referenceLine: (value: Double, label: String)?

  public init(
    title: String, subtitle: String? = nil, categories: [String], xLabel: String,
    yAxis: ChartAxis, series: [BarSeries], width: Int = 800, height: Int = 450,
    attribution: String? = ChartText.openMeteoAttribution
  ) {
    self.title = title
    self.subtitle = subtitle
    self.categories = categories
    self.xLabel = xLabel
    self.yAxis = yAxis
    self.series = series
    self.width = width
    self.height = height
    self.attribution = attribution
  }

  /// The complete SVG document (``Drawing/svg()`` of ``drawing()``).
  public func svg() -> String {
    drawing().svg()
  }

  /// The figure as a drawing description, which ``Drawing/svg()`` and ``TikZRenderer`` render.
  public func drawing() -> Drawing {
    let styles = series.enumerated().map { $1.style ?? .automatic($0) }
    let values = series.map { bars in
      categories.indices.map { index -> Double? in
        guard index < bars.values.count, let value = bars.values[index], value.isFinite else {
          return nil
        }
        return value
      }
    }
    let present = values.flatMap { $0.compactMap { $0 } }
    let scaled = present + (referenceLine.map { [$0.value] } ?? [])
    let layout = ChartLayout(
      width: width, height: height, title: title, subtitle: subtitle, xTitle: xLabel,
      yTitle: yAxis.title,
      legend: series.enumerated().map { index, bars in
        (values[index].contains { $0 != nil } ? bars.name : bars.name + " (no data)", styles[index])
      },
      symbol: .bar, attribution: attribution, hasStrip: false, showsTitle: showsTitle,
      makeY: { plotHeight in
        AxisScale.values(
          lower: scaled.min(), upper: scaled.max(), axis: yAxis, includesZero: true,
          maxTicks: min(max(Int(plotHeight / 55) + 1, 3), 9))
      },
      makeX: { plotWidth in
        AxisScale.categories(categories, length: plotWidth, fontSize: ChartLayout.tickSize)
      })

    var svg = SVGWriter()
    var hatches: [HatchPattern] = []
    for style in styles where style.hatch != .none && !hatches.contains(style.hatch) {
      hatches.append(style.hatch)
    }
    layout.writeStart(to: &svg, hatches: hatches)
    layout.writeGrid(to: &svg, vertical: false)
    writeBars(values, styles: styles, layout: layout, to: &svg)
    if layout.y.lower < 0 || layout.y.upper > 0 { layout.writeZeroLine(to: &svg) }
    if let referenceLine {
      let y = layout.yPosition(referenceLine.value)
      svg.leaf(
        "path",
        [
          (
            "d", "M" + SVGWriter.point(layout.plot.x, y) + "h" + SVGWriter.number(layout.plot.width)
          ),
          ("stroke", "#222222"), ("stroke-width", "1.2"), ("stroke-dasharray", "6 4"),
          ("fill", "none"),
        ], title: referenceLine.label)
    }
    layout.writeAxes(to: &svg)
    let noted = writeNotes(values, layout: layout, to: &svg)
    if present.isEmpty && !noted { layout.writeNote("No data", to: &svg) }
    return layout.writeEnd(to: &svg)
  }

  // MARK: - Bars

  /// Each category's band holds the group in its middle 80 %, one bar per series.
  private func writeBars(
    _ values: [[Double?]], styles: [SeriesStyle], layout: ChartLayout, to svg: inout SVGWriter
  ) {
    guard !categories.isEmpty, !series.isEmpty else { return }
    let band = layout.plot.width / Double(categories.count)
    let barWidth = band * 0.8 / Double(series.count)
    let zero = layout.yPosition(0)
    for (index, bars) in series.enumerated() where values[index].contains(where: { $0 != nil }) {
      let style = styles[index]
      svg.comment(bars.name)
      svg.open(
        "g", [("fill", style.color), ("clip-path", "url(#" + ChartLayout.plotClip + ")")])
      var outlines = ""
      for (category, value) in values[index].enumerated() {
        guard let value, value != 0 else { continue }
        let left =
          layout.plot.x + band * Double(category) + band * 0.1 + barWidth * Double(index)
        let top = min(layout.yPosition(value), zero)
        let height = abs(layout.yPosition(value) - zero)
        let rect =
          "M" + SVGWriter.point(left, top) + "h" + SVGWriter.number(barWidth) + "v"
          + SVGWriter.number(height) + "h" + SVGWriter.number(-barWidth) + "Z"
        svg.leaf("path", [("d", rect)], title: tooltip(bars.name, category, value))
        outlines += rect
      }
      svg.close()
      // Hatch and outline once per series, over all its bars; thin bars get neither.
      guard !outlines.isEmpty, barWidth >= 3 else { continue }
      let clip: SVGWriter.Attribute = ("clip-path", "url(#" + ChartLayout.plotClip + ")")
      if let id = style.hatch.patternID {
        svg.leaf("path", [("d", outlines), ("fill", "url(#" + id + ")"), clip])
      }
      svg.leaf(
        "path",
        [("d", outlines), ("fill", "none"), ("stroke", "#333333"), ("stroke-width", "0.6"), clip])
    }
  }

  /// Each series' notes in its empty slots, rotated to read bottom-up from the zero line, in
  /// grey 10 px text cut to the plot's height. Returns whether any note was written.
  private func writeNotes(
    _ values: [[Double?]], layout: ChartLayout, to svg: inout SVGWriter
  ) -> Bool {
    guard !categories.isEmpty, !series.isEmpty else { return false }
    let band = layout.plot.width / Double(categories.count)
    let barWidth = band * 0.8 / Double(series.count)
    let base = min(layout.yPosition(0), layout.plot.maxY) - 4
    var wrote = false
    for (index, bars) in series.enumerated() {
      for (category, note) in bars.notes.prefix(categories.count).enumerated() {
        guard let note, !note.isEmpty, values[index][category] == nil else { continue }
        let centre =
          layout.plot.x + band * Double(category) + band * 0.1 + barWidth * (Double(index) + 0.5)
        let x = SVGWriter.number(centre + 3.5)
        let y = SVGWriter.number(base)
        let text = TextMetrics.truncated(
          note, toWidth: base - layout.plot.y - 4, fontSize: 10)
        svg.leaf(
          "text",
          [
            ("x", x), ("y", y), ("font-size", "10"), ("fill", "#666666"),
            ("transform", "rotate(-90 " + x + " " + y + ")"),
          ],
          content: text)
        wrote = true
      }
    }
    return wrote
  }

  /// `北京 · 2026-03-12 · 3.4 mm`.
  private func tooltip(_ name: String, _ category: Int, _ value: Double) -> String {
    let amount = ChartText.quantity(
      ChartText.number(value, decimals: yAxis.decimals), unit: yAxis.unit)
    return [name, categories[category], amount].filter { !$0.isEmpty }.joined(separator: " · ")
  }
}
