/// A line chart as a standalone SVG 1.1 document: a score against lead time, or values against
/// time in a city's local time.
///
/// One line per series, in Okabe–Ito colours with distinct dash patterns and markers
/// (``SeriesStyle``), over a light grid; a missing value (nil) breaks the line, a value with no
/// present neighbour shows as a marker, a series with no values is listed in the legend as
/// `(no data)`, and a chart with no values at all says `No data`. The y axis ticks at round
/// numbers (``NiceScale``) and gives a flat series a non-zero span; the x axis ticks by its
/// ``ChartAxis/Kind``. Markers carry a `<title>` tooltip with the value and `n`. The output is
/// the same bytes for the same chart: no clock, no hash-ordered iteration, fixed number text.
///
/// ```swift
/// let chart = LineChart(
///   title: "RMSE of 2 m temperature by lead day",
///   xAxis: ChartAxis(label: "Lead time", unit: "days"),
///   yAxis: ChartAxis(label: "RMSE", unit: "°C", includesZero: true, decimals: 2),
///   series: [ChartSeries(name: "Berlin", values: [(0, 0.9), (1, 1.2), (2, 1.6)], n: [72, 72, 70])])
/// try output.write(chart.svg())
/// ```
public struct LineChart: Sendable {
  /// The chart title (also the document's `<title>`).
  public var title: String
  /// A second, grey line under the title: place, period, time zone, filters.
  public var subtitle: String?
  /// The horizontal axis: `.numeric`, `.hours`, `.time(…)`, `.category(…)` or `.ticks(…)`.
  public var xAxis: ChartAxis
  /// The vertical axis; always numeric (its kind is not used).
  public var yAxis: ChartAxis
  /// The lines, drawn in order (the last on top) and listed in this order in the legend.
  public var series: [ChartSeries]
  /// Canvas width in pixels (at least 320).
  public var width: Int
  /// Canvas height in pixels (at least 200).
  public var height: Int
  /// When to draw point markers.
  public var markers: MarkerMode
  /// Draw the sample sizes (`n`) as thin bars in a strip under the plot.
  public var showsCounts: Bool
  /// Break a line where neighbouring points are farther apart than this in x (for example
  /// 5400 for hourly data in epoch seconds), as well as at nil values.
  public var gapThreshold: Double?
  /// The line at the bottom right; nil for none.
  public var attribution: String?
  /// Draw the title and subtitle; false leaves them to a caption (LaTeX, Word), keeping only
  /// the document's `<title>`.
  public var showsTitle = true

  public init(
    title: String, subtitle: String? = nil, xAxis: ChartAxis, yAxis: ChartAxis,
    series: [ChartSeries], width: Int = 800, height: Int = 450, markers: MarkerMode = .automatic,
    showsCounts: Bool = false, gapThreshold: Double? = nil,
    attribution: String? = ChartText.openMeteoAttribution
  ) {
    self.title = title
    self.subtitle = subtitle
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.series = series
    self.width = width
    self.height = height
    self.markers = markers
    self.showsCounts = showsCounts
    self.gapThreshold = gapThreshold
    self.attribution = attribution
  }

  /// The complete SVG document (``Drawing/svg()`` of ``drawing()``).
  public func svg() -> String {
    drawing().svg()
  }

  /// The figure as a drawing description, which ``Drawing/svg()`` and ``TikZRenderer`` render.
  public func drawing() -> Drawing {
    let prepared = series.enumerated().map { PreparedSeries($1, index: $0) }
    let xs = prepared.flatMap { $0.points.map(\.x) }
    let ys = prepared.flatMap { $0.points.compactMap(\.y) }
    let integral = !xs.isEmpty && xs.allSatisfy { $0 == $0.rounded() }
    let hasStrip = showsCounts && prepared.contains { $0.points.contains { $0.n != nil } }
    let layout = ChartLayout(
      width: width, height: height, title: title, subtitle: subtitle, xTitle: xAxis.title,
      yTitle: yAxis.title,
      legend: prepared.map { ($0.hasData ? $0.name : $0.name + " (no data)", $0.style) },
      symbol: .line, attribution: attribution, hasStrip: hasStrip, showsTitle: showsTitle,
      makeY: { plotHeight in
        AxisScale.values(
          lower: ys.min(), upper: ys.max(), axis: yAxis, includesZero: false,
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
    let tooltipBudget = prepared.map(\.points.count).reduce(0, +) <= Self.tooltipLimit
    var markerFlags: [Bool] = []
    for line in prepared {
      let drewMarkers = writeLine(line, layout: layout, tooltips: tooltipBudget, to: &svg)
      markerFlags.append(drewMarkers || !line.hasData)
    }
    if hasStrip { writeCountStrip(prepared, layout: layout, to: &svg) }
    layout.writeAxes(to: &svg)
    if !prepared.contains(where: \.hasData) { layout.writeNote("No data", to: &svg) }
    return layout.writeEnd(to: &svg, markers: markerFlags)
  }

  /// Above this many points in all, points without a visible marker get no tooltip target, to
  /// keep files of long hourly series small.
  package static let tooltipLimit = 2000
}
