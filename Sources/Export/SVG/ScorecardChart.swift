/// A scorecard as a standalone SVG 1.1 document: a grid of cells (rows such as variables,
/// columns such as lead days) coloured by a signed relative difference on a diverging
/// blue–white–red scale, each with its value in per cent and a black corner mark where a test
/// found the difference significant; a colour bar under the grid says which side is which.
///
/// Blue and red from ColorBrewer's RdBu (Harrower & Brewer 2003) stay apart for the common
/// colour-vision deficiencies; the printed value and the mark carry the message in greyscale.
public struct ScorecardChart: Sendable {
  /// One cell: the relative difference (a fraction; nil: no value), whether it is
  /// significant, and its tooltip.
  public struct Cell: Sendable, Equatable {
    public var value: Double?
    public var significant: Bool
    public var tooltip: String

    public init(value: Double?, significant: Bool, tooltip: String) {
      self.value = value
      self.significant = significant
      self.tooltip = tooltip
    }
  }

  public var title: String
  public var subtitle: String?
  public var rowLabels: [String]
  public var columnLabels: [String]
  /// Over the column labels (`Lead (days)`).
  public var columnTitle: String
  /// Rows × columns.
  public var cells: [[Cell]]
  public var width: Int
  /// nil: as tall as the rows need.
  public var height: Int?
  /// The colour saturates at ±limit (a fraction; 0.2 is ±20 %). nil: the largest |value|,
  /// rounded up to 5 %, at least 5 %.
  public var limit: Double?
  /// What a negative (blue) and a positive (red) value mean (`A better`).
  public var negativeMeaning = "A better"
  public var positiveMeaning = "B better"
  /// What the corner mark means.
  public var markMeaning = "significant"
  /// What the cell values are.
  public var valueMeaning = "relative difference, %"
  public var attribution: String? = ChartText.openMeteoAttribution
  public var showsTitle = true

  public init(
    title: String, subtitle: String? = nil, rowLabels: [String], columnLabels: [String],
    columnTitle: String, cells: [[Cell]], width: Int = 800, height: Int? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.rowLabels = rowLabels
    self.columnLabels = columnLabels
    self.columnTitle = columnTitle
    self.cells = cells
    self.width = width
    self.height = height
  }

  /// The saturation value actually used.
  package var resolvedLimit: Double {
    if let limit, limit > 0 { return limit }
    let largest = cells.flatMap { $0.compactMap(\.value) }.map(\.magnitude).max() ?? 0
    return max(0.05, (largest * 20).rounded(.up) / 20)
  }

  /// The fill of a value: white at 0, RdBu's #2166AC at −limit and #B2182B at +limit.
  package func color(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "#eeeeee" }
    let t = min(1, value.magnitude / resolvedLimit)
    let end: (Double, Double, Double) = value < 0 ? (33, 102, 172) : (178, 24, 43)
    func channel(_ target: Double) -> Int { Int((255 + (target - 255) * t).rounded()) }
    return "#" + [channel(end.0), channel(end.1), channel(end.2)].map(Self.hex).joined()
  }

  private static func hex(_ value: Int) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[(value / 16) % 16], digits[value % 16]])
  }

  /// `−3.2` (per cent, one decimal, typographic minus).
  package static func percent(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    return ChartText.number(value * 100, decimals: 1)
  }

  /// The complete SVG document (``Drawing/svg()`` of ``drawing()``).
  public func svg() -> String {
    drawing().svg()
  }

  /// The figure as a drawing description, which ``Drawing/svg()`` and ``TikZRenderer`` render.
  public func drawing() -> Drawing {
    let margin = 14.0
    let canvasWidth = Double(max(width, 320))
    var y = margin
    var svg = SVGWriter()
    let subtitleLines =
      showsTitle
      ? subtitle.map {
        TextMetrics.wrapped(
          $0, toWidth: canvasWidth - 2 * margin, fontSize: 13,
          maxLines: ChartLayout.subtitleMaxLines)
      } ?? [] : []
    let headerHeight = showsTitle ? 17 + 20 + 16 * Double(max(subtitleLines.count - 1, 0)) : 0
    let labelWidth = min(
      (rowLabels.map { TextMetrics.width($0, fontSize: 12) }.max() ?? 0) + 10,
      canvasWidth * 0.4)
    let gridLeft = margin + labelWidth
    let columns = max(columnLabels.count, 1)
    let cellWidth = min(72, (canvasWidth - margin - gridLeft) / Double(columns))
    let gridTop = margin + headerHeight + 44
    let legendHeight = 112.0
    let rowsHeight: Double
    if let height {
      rowsHeight = max(Double(height) - gridTop - legendHeight, 20)
    } else {
      rowsHeight = 34 * Double(max(rowLabels.count, 1))
    }
    let cellHeight = min(40, rowsHeight / Double(max(rowLabels.count, 1)))
    let canvasHeight = Double(
      height ?? Int(gridTop + cellHeight * Double(rowLabels.count) + legendHeight))
    let w = SVGWriter.number(canvasWidth)
    let h = SVGWriter.number(canvasHeight)
    svg.declaration()
    svg.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", w),
        ("height", h), ("viewBox", "0 0 " + w + " " + h), ("font-family", ChartText.fontFamily),
      ])
    svg.leaf("title", [], content: title)
    svg.leaf("rect", [("width", w), ("height", h), ("fill", "#ffffff")])
    if showsTitle {
      y = margin + 17
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(margin)), ("y", SVGWriter.number(y)), ("font-size", "18"),
          ("font-weight", "bold"), ("fill", "#111111"),
        ],
        content: TextMetrics.truncated(title, toWidth: canvasWidth - 2 * margin, fontSize: 18))
      for (index, line) in subtitleLines.enumerated() {
        svg.leaf(
          "text",
          [
            ("x", SVGWriter.number(margin)), ("y", SVGWriter.number(y + 20 + 16 * Double(index))),
            ("font-size", "13"), ("fill", "#555555"),
          ],
          content: line)
      }
    }
    let gridWidth = cellWidth * Double(columns)
    // Column title and labels.
    svg.open("g", [("font-size", "12"), ("fill", "#333333"), ("text-anchor", "middle")])
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(gridLeft + gridWidth / 2)),
        ("y", SVGWriter.number(gridTop - 26)), ("font-size", "13"),
      ],
      content: columnTitle)
    for (index, label) in columnLabels.enumerated() {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(gridLeft + cellWidth * (Double(index) + 0.5))),
          ("y", SVGWriter.number(gridTop - 8)),
        ],
        content: label)
    }
    svg.close()
    // Row labels.
    svg.open("g", [("font-size", "12"), ("fill", "#222222"), ("text-anchor", "end")])
    for (index, label) in rowLabels.enumerated() {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(gridLeft - 8)),
          ("y", SVGWriter.number(gridTop + cellHeight * (Double(index) + 0.5) + 4)),
        ],
        content: TextMetrics.truncated(label, toWidth: labelWidth - 10, fontSize: 12))
    }
    svg.close()
    // Cells.
    let limit = resolvedLimit
    for (row, line) in cells.enumerated() {
      for (column, cell) in line.enumerated() where column < columns {
        let x = gridLeft + cellWidth * Double(column)
        let top = gridTop + cellHeight * Double(row)
        svg.leaf(
          "rect",
          [
            ("x", SVGWriter.number(x)), ("y", SVGWriter.number(top)),
            ("width", SVGWriter.number(cellWidth)), ("height", SVGWriter.number(cellHeight)),
            ("fill", color(cell.value)), ("stroke", "#ffffff"), ("stroke-width", "1.5"),
          ],
          title: cell.tooltip)
        let strong = (cell.value?.magnitude ?? 0) / limit > 0.6
        svg.leaf(
          "text",
          [
            ("x", SVGWriter.number(x + cellWidth / 2)),
            ("y", SVGWriter.number(top + cellHeight / 2 + 4)), ("font-size", "11"),
            ("text-anchor", "middle"), ("fill", strong ? "#ffffff" : "#222222"),
          ],
          content: Self.percent(cell.value))
        if cell.significant {
          svg.leaf(
            "path",
            [
              (
                "d",
                "M" + SVGWriter.point(x + cellWidth - 11, top + 1.5) + "H"
                  + SVGWriter.number(x + cellWidth - 1.5) + "V" + SVGWriter.number(top + 11) + "Z"
              ),
              ("fill", "#000000"),
            ])
        }
      }
    }
    writeLegend(
      top: gridTop + cellHeight * Double(rowLabels.count) + 18, left: gridLeft,
      width: max(gridWidth, 240), limit: limit, to: &svg)
    if let attribution {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(canvasWidth - margin)),
          ("y", SVGWriter.number(canvasHeight - 8)), ("font-size", "10"), ("fill", "#666666"),
          ("text-anchor", "end"),
        ],
        content: attribution)
    }
    svg.closeAll()
    return svg.drawing
  }

  /// The colour bar from −limit to +limit with its ends' meanings, and the mark's meaning.
  private func writeLegend(
    top: Double, left: Double, width: Double, limit: Double, to svg: inout SVGWriter
  ) {
    let barWidth = min(width, 360)
    let steps = 40
    for step in 0..<steps {
      let value = -limit + 2 * limit * (Double(step) + 0.5) / Double(steps)
      svg.leaf(
        "rect",
        [
          ("x", SVGWriter.number(left + barWidth * Double(step) / Double(steps))),
          ("y", SVGWriter.number(top)),
          ("width", SVGWriter.number(barWidth / Double(steps) + 0.3)), ("height", "10"),
          ("fill", color(value)),
        ])
    }
    svg.open("g", [("font-size", "11"), ("fill", "#333333"), ("text-anchor", "middle")])
    for value in [-limit, 0, limit] {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(left + barWidth * (value + limit) / (2 * limit))),
          ("y", SVGWriter.number(top + 23)),
        ],
        content: Self.percent(value) + " %")
    }
    svg.close()
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(left)), ("y", SVGWriter.number(top + 38)), ("font-size", "11"),
        ("fill", "#2166AC"),
      ],
      content: "← " + negativeMeaning)
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(left + barWidth)), ("y", SVGWriter.number(top + 38)),
        ("font-size", "11"), ("fill", "#B2182B"), ("text-anchor", "end"),
      ],
      content: positiveMeaning + " →")
    svg.leaf(
      "path",
      [
        (
          "d",
          "M" + SVGWriter.point(left, top + 46) + "H" + SVGWriter.number(left + 10) + "V"
            + SVGWriter.number(top + 56) + "Z"
        ),
        ("fill", "#000000"),
      ])
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(left + 16)), ("y", SVGWriter.number(top + 55)),
        ("font-size", "11"), ("fill", "#333333"),
      ],
      content: markMeaning)
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(left)), ("y", SVGWriter.number(top + 72)), ("font-size", "11"),
        ("fill", "#333333"),
      ],
      content: "Values: " + valueMeaning)
  }
}
