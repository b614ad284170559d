import Foundation

/// A verification diagram as a standalone SVG 1.1 document: points and lines over grey
/// reference lines on a square plot (performance, Taylor, reliability, economic value,
/// quantile–quantile and conditional diagrams).
///
/// It shares the frame of ``LineChart`` (title, subtitle, axes, legend, attribution, tooltips,
/// Okabe–Ito styles) and adds what diagrams need: ``ChartGuide`` isolines drawn under the data
/// and left out of the legend, ``ChartLabel`` texts at points (the lead day), vertical
/// ``ChartErrorBar``s and a ``ChartInset`` histogram in a corner of the plot. The plot is square
/// by default, so a diagonal is at 45° and arcs are round. Points are joined in the order given
/// (a line follows the lead days), not sorted by x.
///
/// ```swift
/// var chart = DiagramChart(
///   title: "Performance diagram", xAxis: ChartAxis(label: "Success ratio", range: 0...1),
///   yAxis: ChartAxis(label: "Probability of detection", range: 0...1), series: points)
/// chart.guides = [ChartGuide(points: [(0, 0), (1, 1)], label: "bias 1", labelAt: (0.95, 0.97))]
/// try output.write(chart.svg())
/// ```
public struct DiagramChart: Sendable {
  public var title: String
  /// The grey lines under the title; wraps onto two lines when long.
  public var subtitle: String?
  public var xAxis: ChartAxis
  public var yAxis: ChartAxis
  /// The data, one legend entry each.
  public var series: [ChartSeries]
  /// Reference lines under the data, not in the legend.
  public var guides: [ChartGuide] = []
  /// Texts next to points.
  public var labels: [ChartLabel] = []
  /// Vertical bars under the data.
  public var errorBars: [ChartErrorBar] = []
  /// A histogram in a corner of the plot.
  public var inset: ChartInset?
  public var width: Int
  public var height: Int
  /// Equal lengths for the two axes (a square plot).
  public var squarePlot = true
  /// Extra pixels above the plot, for guide labels written past its top edge.
  public var headroom = 0.0
  /// Light grid lines at the ticks; off for the polar Taylor diagram, whose arcs are its grid.
  public var gridLines = true
  /// When point markers are drawn.
  public var markers: MarkerMode = .always
  /// The line at the bottom right; nil for none.
  public var attribution: String? = ChartText.openMeteoAttribution
  /// Draw the title and subtitle (false: a caption replaces them).
  public var showsTitle = true

  public init(
    title: String, subtitle: String? = nil, xAxis: ChartAxis, yAxis: ChartAxis,
    series: [ChartSeries], width: Int = 640, height: Int = 720
  ) {
    self.title = title
    self.subtitle = subtitle
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.series = series
    self.width = width
    self.height = height
  }

  /// The complete SVG document (``Drawing/svg()`` of ``drawing()``).
  public func svg() -> String {
    drawing().svg()
  }

  /// The figure as a drawing description, which ``Drawing/svg()`` and ``TikZRenderer`` render.
  public func drawing() -> Drawing {
    let prepared = series.enumerated().map { PreparedSeries($1, index: $0, sorted: false) }
    let xs = prepared.flatMap { $0.points.map(\.x) } + errorBars.map(\.x)
    let ys =
      prepared.flatMap { $0.points.compactMap(\.y) }
      + errorBars.flatMap { [$0.lower, $0.upper] }.filter(\.isFinite)
    let integral = !xs.isEmpty && xs.allSatisfy { $0 == $0.rounded() }
    let xAxis = xAxis
    let yAxis = yAxis
    let layout = ChartLayout(
      width: width, height: height, title: title, subtitle: subtitle, xTitle: xAxis.title,
      yTitle: yAxis.title,
      legend: prepared.map { ($0.hasData ? $0.name : $0.name + " (no data)", $0.style) },
      symbol: .line, attribution: attribution, hasStrip: false, showsTitle: showsTitle,
      squarePlot: squarePlot, headroom: headroom,
      makeY: { plotHeight in
        AxisScale.values(
          lower: ys.min(), upper: ys.max(), axis: yAxis, includesZero: false,
          maxTicks: min(max(Int(plotHeight / 55) + 1, 3), 11))
      },
      makeX: { plotWidth in
        AxisScale.positions(
          lower: xs.min(), upper: xs.max(), axis: xAxis, length: plotWidth,
          fontSize: ChartLayout.tickSize, integral: integral)
      })
    var lines = LineChart(
      title: title, xAxis: xAxis, yAxis: yAxis, series: series, width: width, height: height,
      markers: markers)
    lines.attribution = attribution

    var svg = SVGWriter()
    layout.writeStart(to: &svg, hatches: [])
    if gridLines { layout.writeGrid(to: &svg, vertical: true) }
    writeGuides(layout: layout, to: &svg)
    if let inset { writeInset(inset, styles: prepared.map(\.style), layout: layout, to: &svg) }
    writeErrorBars(layout: layout, to: &svg)
    var markerFlags: [Bool] = []
    for line in prepared {
      let drewMarkers = lines.writeLine(line, layout: layout, tooltips: true, to: &svg)
      markerFlags.append(drewMarkers || !line.hasData)
    }
    writeLabels(layout: layout, to: &svg)
    layout.writeAxes(to: &svg)
    if !prepared.contains(where: \.hasData) { layout.writeNote("No data", to: &svg) }
    return layout.writeEnd(to: &svg, markers: markerFlags)
  }

  // MARK: - Parts

  private func writeGuides(layout: ChartLayout, to svg: inout SVGWriter) {
    guard !guides.isEmpty else { return }
    svg.open("g", [("fill", "none"), ("stroke-width", "1")])
    for guide in guides where guide.points.count > 1 {
      var data = ""
      for (index, point) in guide.points.enumerated() {
        data += (index == 0 ? "M" : "L")
        data += SVGWriter.point(layout.xPosition(point.x), layout.yPosition(point.y))
      }
      var attributes: [SVGWriter.Attribute] = [("d", data), ("stroke", guide.color)]
      if let dash = guide.dash { attributes.append(("stroke-dasharray", dash)) }
      attributes.append(("clip-path", "url(#" + ChartLayout.plotClip + ")"))
      svg.leaf("path", attributes)
    }
    svg.close()
    let labelled = guides.filter { $0.label != nil && $0.labelAt != nil }
    guard !labelled.isEmpty else { return }
    svg.open("g", [("font-size", "11"), ("text-anchor", "middle")])
    for guide in labelled {
      guard let label = guide.label, let at = guide.labelAt else { continue }
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(layout.xPosition(at.x))),
          ("y", SVGWriter.number(layout.yPosition(at.y) + 4)), ("fill", guide.color),
        ],
        content: label)
    }
    svg.close()
  }

  private func writeErrorBars(layout: ChartLayout, to svg: inout SVGWriter) {
    guard !errorBars.isEmpty else { return }
    svg.open(
      "g",
      [
        ("fill", "none"), ("stroke-width", "1.5"),
        ("clip-path", "url(#" + ChartLayout.markClip + ")"),
      ])
    for bar in errorBars where bar.lower.isFinite && bar.upper.isFinite && bar.x.isFinite {
      let x = layout.xPosition(bar.x)
      let low = layout.yPosition(bar.lower)
      let high = layout.yPosition(bar.upper)
      let data =
        "M" + SVGWriter.point(x, low) + "V" + SVGWriter.number(high) + "M"
        + SVGWriter.point(x - 4, low) + "H" + SVGWriter.number(x + 4) + "M"
        + SVGWriter.point(x - 4, high) + "H" + SVGWriter.number(x + 4)
      svg.leaf(
        "path", [("d", data), ("stroke", bar.color)],
        title: ChartText.number(bar.lower, decimals: 3) + " to "
          + ChartText.number(bar.upper, decimals: 3))
    }
    svg.close()
  }

  private func writeLabels(layout: ChartLayout, to svg: inout SVGWriter) {
    guard !labels.isEmpty else { return }
    svg.open("g", [("font-size", "10"), ("text-anchor", "start")])
    let shown = labels.filter { $0.x.isFinite && $0.y.isFinite }
    // Each label takes a free corner of its point; one with none is left out, never drawn
    // over another (``LabelPlacement``).
    let places = LabelPlacement.place(
      shown.map {
        (
          layout.xPosition($0.x), layout.yPosition($0.y),
          TextMetrics.width($0.text, fontSize: 10)
        )
      },
      fontSize: 10,
      markers: series.flatMap { line in
        line.points.compactMap { point in
          point.y.map { (layout.xPosition(point.x), layout.yPosition($0)) }
        }
      },
      bounds: (layout.plot.x, layout.plot.y - headroom, layout.plot.maxX + 40, layout.plot.maxY))
    for (label, place) in zip(shown, places) {
      guard let place else { continue }
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(place.x)), ("y", SVGWriter.number(place.y)),
          ("fill", label.color),
        ],
        content: label.text)
    }
    // Say how many points went unlabelled, so a missing lead is not read as a missing point.
    let omitted = places.filter { $0 == nil }.count
    if omitted > 0 {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(layout.plot.x + 4)),
          ("y", SVGWriter.number(layout.plot.maxY - 4)), ("fill", "#777777"),
        ],
        content:
          "\(omitted) label\(omitted == 1 ? "" : "s") left out where \(omitted == 1 ? "it" : "they") would overlap"
      )
    }
    svg.close()
  }

  /// The inset: a white box with a grey frame, the caption at its top, a log-scaled count axis
  /// at powers of ten and one outline (step line) per series over the bins.
  private func writeInset(
    _ inset: ChartInset, styles: [SeriesStyle], layout: ChartLayout, to svg: inout SVGWriter
  ) {
    let plot = layout.plot
    let boxX = plot.x + inset.corner.x * plot.width
    let boxY = plot.y + inset.corner.y * plot.height
    let boxWidth = inset.size * plot.width
    let boxHeight = inset.size * plot.height * 0.8
    // Room inside the box: caption above, tick labels left and below.
    let left = boxX + 30
    let right = boxX + boxWidth - 6
    let top = boxY + 18
    let bottom = boxY + boxHeight - 16
    guard right > left + 20, bottom > top + 20, inset.edges.count > 1 else { return }
    let maximum = inset.counts.flatMap { $0 }.max() ?? 0
    let decades = max(1, Int(log10(Double(max(maximum, 1))).rounded(.up)))
    let lowX = inset.edges.first ?? 0
    let highX = inset.edges.last ?? 1
    func xPosition(_ value: Double) -> Double {
      left + (value - lowX) / max(highX - lowX, 1e-12) * (right - left)
    }
    func yPosition(_ count: Int) -> Double {
      // Zero sits on the baseline with one; a count of 1 is 10⁰.
      guard count > 1 else { return bottom }
      return bottom - log10(Double(count)) / Double(decades) * (bottom - top)
    }
    svg.leaf(
      "rect",
      [
        ("x", SVGWriter.number(boxX)), ("y", SVGWriter.number(boxY)),
        ("width", SVGWriter.number(boxWidth)), ("height", SVGWriter.number(boxHeight)),
        ("fill", "#ffffff"), ("stroke", "#bbbbbb"), ("stroke-width", "1"),
      ])
    var grid = ""
    for decade in 0...decades {
      let y = bottom - Double(decade) / Double(decades) * (bottom - top)
      grid += "M" + SVGWriter.point(left, y) + "H" + SVGWriter.number(right)
    }
    svg.leaf("path", [("d", grid), ("stroke", "#eeeeee"), ("stroke-width", "1"), ("fill", "none")])
    for (index, counts) in inset.counts.enumerated() {
      let style = index < styles.count ? styles[index] : SeriesStyle.automatic(index)
      var data = "M" + SVGWriter.point(xPosition(inset.edges[0]), bottom)
      for (bin, count) in counts.enumerated() where bin + 1 < inset.edges.count {
        data += "V" + SVGWriter.number(yPosition(count))
        data += "H" + SVGWriter.number(xPosition(inset.edges[bin + 1]))
      }
      data += "V" + SVGWriter.number(bottom)
      var attributes: [SVGWriter.Attribute] = [
        ("d", data), ("stroke", style.color), ("stroke-width", "1.5"), ("fill", "none"),
      ]
      if let dash = style.dash { attributes.append(("stroke-dasharray", dash)) }
      svg.leaf("path", attributes)
    }
    svg.leaf(
      "path",
      [
        (
          "d",
          "M" + SVGWriter.point(left, top) + "V" + SVGWriter.number(bottom) + "H"
            + SVGWriter.number(right)
        ),
        ("stroke", "#555555"), ("stroke-width", "1"), ("fill", "none"),
      ])
    svg.open("g", [("font-size", "9"), ("fill", "#444444"), ("text-anchor", "end")])
    for decade in 0...decades {
      let y = bottom - Double(decade) / Double(decades) * (bottom - top)
      svg.leaf(
        "text", [("x", SVGWriter.number(left - 3)), ("y", SVGWriter.number(y + 3))],
        content: Self.powerOfTen(decade))
    }
    svg.close()
    svg.open("g", [("font-size", "9"), ("fill", "#444444"), ("text-anchor", "middle")])
    for value in [lowX, (lowX + highX) / 2, highX] {
      svg.leaf(
        "text",
        [("x", SVGWriter.number(xPosition(value))), ("y", SVGWriter.number(bottom + 11))],
        content: ChartText.number(value, decimals: nil))
    }
    svg.close()
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(boxX + 6)), ("y", SVGWriter.number(boxY + 12)),
        ("font-size", "10"), ("fill", "#333333"),
      ],
      content: TextMetrics.truncated(inset.caption, toWidth: boxWidth - 10, fontSize: 10))
  }

  /// `1`, `10`, `100`, `1000`, then `10⁴`, `10⁵`, ….
  package static func powerOfTen(_ exponent: Int) -> String {
    guard exponent > 3 else { return "1" + String(repeating: "0", count: max(exponent, 0)) }
    let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    return "10"
      + String(String(exponent).compactMap { $0.wholeNumberValue.map { superscripts[$0] } })
  }
}
