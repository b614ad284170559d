/// The frame every chart shares: document, title, grid, axes, legend and attribution.
extension ChartLayout {
  /// The `id` of the clip path of the plot rectangle (lines, bars).
  package static let plotClip = "skycast-plot"
  /// The `id` of the plot rectangle grown by 6 px, so markers on the edge show whole.
  package static let markClip = "skycast-marks"

  // MARK: - Document

  /// Opens the document: XML declaration, `<svg>` root with size and fonts, title and
  /// description, clip paths and hatch patterns, white background, chart title and subtitle.
  package func writeStart(to svg: inout SVGWriter, hatches: [HatchPattern]) {
    let w = SVGWriter.number(width)
    let h = SVGWriter.number(height)
    svg.declaration()
    svg.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", w),
        ("height", h), ("viewBox", "0 0 " + w + " " + h), ("font-family", ChartText.fontFamily),
      ])
    svg.leaf("title", [], content: title)
    if let attribution { svg.leaf("desc", [], content: attribution) }
    svg.open("defs")
    clipPath(Self.plotClip, plot, grow: 0, to: &svg)
    clipPath(Self.markClip, plot, grow: 6, to: &svg)
    for hatch in hatches { hatch.writeDefinition(to: &svg) }
    svg.close()
    svg.leaf("rect", [("width", w), ("height", h), ("fill", "#ffffff")])
    guard showsTitle else { return }
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(Self.margin)), ("y", SVGWriter.number(titleBaseline)),
        ("font-size", "18"), ("font-weight", "bold"), ("fill", "#111111"),
      ],
      content: title)
    for (index, line) in subtitleLines.enumerated() {
      let baseline = subtitleBaseline + Self.subtitleLineHeight * Double(index)
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(Self.margin)), ("y", SVGWriter.number(baseline)),
          ("font-size", "13"), ("fill", "#555555"),
        ],
        content: line)
    }
  }

  private func clipPath(_ id: String, _ rect: Rect, grow: Double, to svg: inout SVGWriter) {
    svg.open("clipPath", [("id", id)])
    svg.leaf(
      "rect",
      [
        ("x", SVGWriter.number(rect.x - grow)), ("y", SVGWriter.number(rect.y - grow)),
        ("width", SVGWriter.number(rect.width + 2 * grow)),
        ("height", SVGWriter.number(rect.height + 2 * grow)),
      ])
    svg.close()
  }

  // MARK: - Grid and axes

  /// Light grid lines at the y ticks (and at the x ticks when `vertical`), and a darker line at
  /// zero when the y range crosses it.
  package func writeGrid(to svg: inout SVGWriter, vertical: Bool) {
    svg.open("g", [("stroke", "#e3e3e3"), ("stroke-width", "1"), ("fill", "none")])
    var data = ""
    for tick in y.ticks {
      let position = SVGWriter.number(yPosition(tick.value))
      data += "M" + SVGWriter.number(plot.x) + "," + position + "H" + SVGWriter.number(plot.maxX)
    }
    if vertical {
      for tick in x.ticks {
        let position = SVGWriter.number(xPosition(tick.value))
        data += "M" + position + "," + SVGWriter.number(plot.y) + "V" + SVGWriter.number(axisY)
      }
    }
    if !data.isEmpty { svg.leaf("path", [("d", data)]) }
    svg.close()
    if y.lower < 0 && y.upper > 0 { writeZeroLine(to: &svg) }
  }

  /// A grey line at y = 0 across the plot.
  package func writeZeroLine(to svg: inout SVGWriter) {
    let zero = SVGWriter.number(yPosition(0))
    svg.leaf(
      "path",
      [
        ("d", "M" + SVGWriter.number(plot.x) + "," + zero + "H" + SVGWriter.number(plot.maxX)),
        ("stroke", "#777777"), ("stroke-width", "1"), ("fill", "none"),
      ])
  }

  /// The axis lines, tick marks, tick labels and axis titles.
  package func writeAxes(to svg: inout SVGWriter) {
    let left = SVGWriter.number(plot.x)
    let bottom = SVGWriter.number(axisY)
    var marks = "M" + left + "," + SVGWriter.number(plot.y) + "V" + bottom
    marks += "H" + SVGWriter.number(plot.maxX)
    for tick in y.ticks {
      marks += "M" + SVGWriter.number(plot.x - 5) + "," + SVGWriter.number(yPosition(tick.value))
      marks += "H" + left
    }
    for tick in x.ticks {
      marks += "M" + SVGWriter.number(xPosition(tick.value)) + "," + bottom
      marks += "V" + SVGWriter.number(axisY + 5)
    }
    svg.leaf(
      "path", [("d", marks), ("stroke", "#333333"), ("stroke-width", "1"), ("fill", "none")])

    svg.open("g", [("font-size", "12"), ("fill", "#333333"), ("text-anchor", "end")])
    for tick in y.ticks {
      svg.leaf(
        "text",
        [("x", SVGWriter.number(plot.x - 8)), ("y", SVGWriter.number(yPosition(tick.value) + 4))],
        content: tick.label)
    }
    svg.close()
    svg.open("g", [("font-size", "12"), ("fill", "#333333"), ("text-anchor", "middle")])
    for tick in x.ticks {
      svg.leaf(
        "text",
        [("x", SVGWriter.number(xPosition(tick.value))), ("y", SVGWriter.number(axisY + 19))],
        content: tick.label)
    }
    svg.close()

    svg.open("g", [("font-size", "13"), ("fill", "#222222"), ("text-anchor", "middle")])
    if !xTitle.isEmpty {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(plot.x + plot.width / 2)),
          ("y", SVGWriter.number(xTitleBaseline)),
        ],
        content: xTitle)
    }
    if !yTitle.isEmpty {
      let x = SVGWriter.number(yTitleX)
      let y = SVGWriter.number(yTitleY)
      svg.leaf(
        "text",
        [("x", x), ("y", y), ("transform", "rotate(-90 " + x + " " + y + ")")],
        content: yTitle)
    }
    svg.close()
  }

  // MARK: - Notes, legend, end

  /// A grey note centred in the plot (`No data`).
  package func writeNote(_ note: String, to svg: inout SVGWriter) {
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(plot.x + plot.width / 2)),
        ("y", SVGWriter.number(plot.y + plot.height / 2)), ("font-size", "14"),
        ("fill", "#666666"), ("text-anchor", "middle"),
      ],
      content: note)
  }

  /// The legend, the attribution line, and the end of the document.
  ///
  /// - Parameter markers: per series, whether its legend sample shows the marker (line charts).
  package func writeEnd(to svg: inout SVGWriter, markers: [Bool] = []) -> Drawing {
    legend.write(
      to: &svg, top: legendTop, centre: plot.x + plot.width / 2, minX: Self.margin,
      maxX: width - Self.margin, markers: markers)
    if let attribution {
      svg.leaf(
        "text",
        [
          ("x", SVGWriter.number(width - Self.margin)),
          ("y", SVGWriter.number(attributionBaseline)), ("font-size", "10"),
          ("fill", "#666666"), ("text-anchor", "end"),
        ],
        content: attribution)
    }
    svg.closeAll()
    return svg.drawing
  }
}
