/// A line chart with a shaded interval band under each line and a zero line: a difference of
/// scores against lead time with its confidence interval.
///
/// The lines, axes, legend, count strip and attribution are those of the ``LineChart`` it
/// wraps; each band is a translucent polygon in its series' colour between the lower and upper
/// ends, drawn under the lines; with ``zeroLine`` the y axis reaches zero and the zero line shows.
public struct BandChart: Sendable {
  /// One series' interval: its ends at each x (nil where undefined, which breaks the band).
  public struct Band: Sendable, Equatable {
    public var series: Int
    public var points: [(x: Double, lower: Double?, upper: Double?)]

    public init(series: Int, points: [(x: Double, lower: Double?, upper: Double?)]) {
      self.series = series
      self.points = points
    }

    public static func == (lhs: Band, rhs: Band) -> Bool {
      lhs.series == rhs.series && lhs.points.count == rhs.points.count
        && zip(lhs.points, rhs.points).allSatisfy {
          $0.x == $1.x && $0.lower == $1.lower && $0.upper == $1.upper
        }
    }
  }

  public var chart: LineChart
  public var bands: [Band]
  /// Draw the zero line and keep zero in the y range (differences, biases).
  public var zeroLine: Bool

  public init(chart: LineChart, bands: [Band], zeroLine: Bool = true) {
    self.chart = chart
    self.bands = bands
    self.zeroLine = zeroLine
  }

  /// The complete SVG document (``Drawing/svg()`` of ``drawing()``).
  public func svg() -> String {
    drawing().svg()
  }

  /// The figure as a drawing description, which ``Drawing/svg()`` and ``TikZRenderer`` render.
  public func drawing() -> Drawing {
    let prepared = chart.series.enumerated().map { PreparedSeries($1, index: $0) }
    let xs = prepared.flatMap { $0.points.map(\.x) }
    let bandValues = bands.flatMap { $0.points.flatMap { [$0.lower, $0.upper] } }
      .compactMap { $0 }.filter(\.isFinite)
    let ys = prepared.flatMap { $0.points.compactMap(\.y) } + bandValues + (zeroLine ? [0] : [])
    let integral = !xs.isEmpty && xs.allSatisfy { $0 == $0.rounded() }
    let hasStrip = chart.showsCounts && prepared.contains { $0.points.contains { $0.n != nil } }
    let xAxis = chart.xAxis
    let yAxis = chart.yAxis
    let layout = ChartLayout(
      width: chart.width, height: chart.height, title: chart.title, subtitle: chart.subtitle,
      xTitle: xAxis.title, yTitle: yAxis.title,
      legend: prepared.map { ($0.hasData ? $0.name : $0.name + " (no data)", $0.style) },
      symbol: .line, attribution: chart.attribution, hasStrip: hasStrip,
      makeY: { plotHeight in
        AxisScale.values(
          lower: ys.min(), upper: ys.max(), axis: yAxis, includesZero: zeroLine,
          maxTicks: min(max(Int(plotHeight / 55) + 1, 3), 9))
      },
      makeX: { plotWidth in
        AxisScale.positions(
          lower: xs.min(), upper: xs.max(), axis: xAxis, length: plotWidth,
          fontSize: ChartLayout.tickSize, integral: integral)
      })

    var svg = SVGWriter()
    layout.writeStart(to: &svg, hatches: [])
    layout.writeGrid(to: &svg, vertical: true)
    svg.open("g", [("clip-path", "url(#\(ChartLayout.plotClip))"), ("fill-opacity", "0.18")])
    for band in bands where band.series < prepared.count {
      for polygon in Self.runs(band.points) where polygon.count > 1 {
        var data = ""
        for (index, point) in polygon.enumerated() {
          data +=
            (index == 0 ? "M" : "L")
            + SVGWriter.point(
              layout.xPosition(point.x), layout.yPosition(point.upper))
        }
        for point in polygon.reversed() {
          data += "L" + SVGWriter.point(layout.xPosition(point.x), layout.yPosition(point.lower))
        }
        svg.leaf("path", [("d", data + "Z"), ("fill", prepared[band.series].style.color)])
      }
    }
    svg.close()
    if zeroLine { layout.writeZeroLine(to: &svg) }
    let tooltipBudget = prepared.map(\.points.count).reduce(0, +) <= LineChart.tooltipLimit
    var markerFlags: [Bool] = []
    for line in prepared {
      let drewMarkers = chart.writeLine(line, layout: layout, tooltips: tooltipBudget, to: &svg)
      markerFlags.append(drewMarkers || !line.hasData)
    }
    if hasStrip { chart.writeCountStrip(prepared, layout: layout, to: &svg) }
    layout.writeAxes(to: &svg)
    if !prepared.contains(where: \.hasData) { layout.writeNote("No data", to: &svg) }
    return layout.writeEnd(to: &svg, markers: markerFlags)
  }

  /// Runs of consecutive points with both ends present, sorted by x.
  package static func runs(_ points: [(x: Double, lower: Double?, upper: Double?)])
    -> [[(x: Double, lower: Double, upper: Double)]]
  {
    var result: [[(x: Double, lower: Double, upper: Double)]] = []
    var run: [(x: Double, lower: Double, upper: Double)] = []
    for point in points.filter({ $0.x.isFinite }).sorted(by: { $0.x < $1.x }) {
      if let lower = point.lower, let upper = point.upper, lower.isFinite, upper.isFinite {
        run.append((point.x, lower, upper))
      } else {
        if !run.isEmpty { result.append(run) }
        run = []
      }
    }
    if !run.isEmpty { result.append(run) }
    return result
  }
}
