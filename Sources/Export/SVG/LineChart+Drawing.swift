extension LineChart {
  // MARK: - Lines and markers

  /// Draws one series' line and markers.
  ///
  /// - Returns: whether any marker was drawn (the legend then shows it too).
  @discardableResult
  package func writeLine(
    _ line: PreparedSeries, layout: ChartLayout, tooltips: Bool, to svg: inout SVGWriter
  ) -> Bool {
    guard line.hasData else { return false }
    let segments = line.segments(gap: gapThreshold)
    var data = ""
    for segment in segments where segment.count > 1 {
      for (index, point) in segment.enumerated() {
        data += index == 0 ? "M" : "L"
        data += SVGWriter.point(layout.xPosition(point.x), layout.yPosition(point.y ?? 0))
      }
    }
    svg.comment(line.name)
    if !data.isEmpty {
      var attributes: [SVGWriter.Attribute] = [
        ("d", data), ("fill", "none"), ("stroke", line.style.color), ("stroke-width", "2"),
        ("stroke-linejoin", "round"),
      ]
      if let dash = line.style.dash { attributes.append(("stroke-dasharray", dash)) }
      attributes.append(("clip-path", "url(#" + ChartLayout.plotClip + ")"))
      svg.leaf("path", attributes)
    }

    let present = segments.flatMap { $0 }
    let all = showsAllMarkers(present, layout: layout)
    let isolated = segments.filter { $0.count == 1 }.flatMap { $0 }
    let marked = all ? present : isolated
    if !marked.isEmpty {
      svg.open(
        "g",
        [
          ("fill", line.style.color), ("stroke", "#ffffff"), ("stroke-width", "0.8"),
          ("clip-path", "url(#" + ChartLayout.markClip + ")"),
        ])
      for point in marked {
        let x = layout.xPosition(point.x)
        let y = layout.yPosition(point.y ?? 0)
        svg.leaf("path", [("d", line.style.marker.path(x: x, y: y))], title: tooltip(line, point))
      }
      svg.close()
    }
    // Invisible hover targets carry the tooltips of points drawn without a marker.
    if tooltips && !all && present.count > marked.count {
      svg.open("g", [("fill", "#000000"), ("fill-opacity", "0")])
      for segment in segments where segment.count > 1 {
        for point in segment {
          svg.leaf(
            "circle",
            [
              ("cx", SVGWriter.number(layout.xPosition(point.x))),
              ("cy", SVGWriter.number(layout.yPosition(point.y ?? 0))), ("r", "4"),
            ],
            title: tooltip(line, point))
        }
      }
      svg.close()
    }
    return !marked.isEmpty
  }

  /// Whether every point of a line gets a marker.
  private func showsAllMarkers(_ present: [ChartPoint], layout: ChartLayout) -> Bool {
    switch markers {
    case .always: return true
    case .never: return false
    case .automatic:
      guard present.count <= 60 else { return false }
      guard present.count > 1, let first = present.first, let last = present.last else {
        return true
      }
      let span = layout.xPosition(last.x) - layout.xPosition(first.x)
      return span / Double(present.count - 1) >= 10
    }
  }

  // MARK: - Tooltips

  /// `name · Lead time 24 h · RMSE 1.25 °C · n = 48`.
  package func tooltip(_ line: PreparedSeries, _ point: ChartPoint) -> String {
    var parts = [line.name, xText(point.x)]
    let value = ChartText.number(point.y ?? 0, decimals: yAxis.decimals)
    parts.append(
      (yAxis.label.isEmpty ? "" : yAxis.label + " ") + ChartText.quantity(value, unit: yAxis.unit))
    if let n = point.n { parts.append("n = " + String(n)) }
    return parts.filter { !$0.isEmpty }.joined(separator: " · ")
  }

  /// The x value as text: local time on a time axis, the label on a category axis.
  private func xText(_ x: Double) -> String {
    switch xAxis.kind {
    case .time(let offset, _):
      let epoch = AxisScale.epoch(x.rounded())
      return DateLabelStyle.wallText(epoch: epoch, offset: offset(epoch))
    case .category(let labels):
      if x == x.rounded(), x >= 0, x < Double(labels.count) { return labels[Int(x)] }
      return ChartText.number(x, decimals: xAxis.decimals)
    case .numeric, .hours, .ticks:
      let value = ChartText.quantity(
        ChartText.number(x, decimals: xAxis.decimals), unit: xAxis.unit)
      return xAxis.label.isEmpty ? value : xAxis.label + " " + value
    }
  }

  // MARK: - Sample sizes

  /// Thin bars of `n` under the plot, one per point and series side by side, scaled to the
  /// largest `n`, labelled `n` and with that largest value.
  package func writeCountStrip(
    _ lines: [PreparedSeries], layout: ChartLayout, to svg: inout SVGWriter
  ) {
    guard let strip = layout.strip else { return }
    let counted = lines.filter { $0.points.contains { $0.n != nil } }
    let maximum = counted.flatMap { $0.points.compactMap(\.n) }.max() ?? 0
    let positions = counted.flatMap { $0.points.map { layout.xPosition($0.x) } }.sorted()
    var spacing = strip.width
    for index in positions.indices.dropFirst() where positions[index] > positions[index - 1] {
      spacing = min(spacing, positions[index] - positions[index - 1])
    }
    let barWidth = min(max(spacing * 0.8 / Double(max(counted.count, 1)), 1), 6)
    svg.open("g", [("fill-opacity", "0.75")])
    for (order, line) in counted.enumerated() {
      var data = ""
      let shift = (Double(order) - Double(counted.count) / 2) * barWidth
      for point in line.points {
        guard let n = point.n, n > 0, maximum > 0 else { continue }
        let height = Double(n) / Double(maximum) * (strip.height - 2)
        let left = layout.xPosition(point.x) + shift
        data +=
          "M" + SVGWriter.point(left, strip.maxY) + "V" + SVGWriter.number(strip.maxY - height)
        data += "H" + SVGWriter.number(left + barWidth) + "V" + SVGWriter.number(strip.maxY) + "Z"
      }
      if !data.isEmpty { svg.leaf("path", [("d", data), ("fill", line.style.color)]) }
    }
    svg.close()
    svg.leaf(
      "path",
      [
        ("d", "M" + SVGWriter.point(strip.x, strip.y + 2) + "H" + SVGWriter.number(strip.maxX)),
        ("stroke", "#bbbbbb"), ("stroke-width", "1"), ("stroke-dasharray", "3 3"),
        ("fill", "none"),
      ])
    svg.open("g", [("font-size", "10"), ("fill", "#555555"), ("text-anchor", "end")])
    svg.leaf(
      "text",
      [("x", SVGWriter.number(strip.x - 8)), ("y", SVGWriter.number(strip.y + 6))],
      content: String(maximum))
    svg.leaf(
      "text",
      [
        ("x", SVGWriter.number(strip.x - 8)), ("y", SVGWriter.number(strip.maxY - 2)),
        ("font-style", "italic"),
      ],
      content: "n")
    svg.close()
  }
}
