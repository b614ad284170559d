/// The legend under a chart: entries in rows that wrap at the canvas width, with a `+N more`
/// note when there are more rows than room.
package struct ChartLegend {
  /// What a legend entry shows next to its name.
  package enum Symbol {
    /// A line sample with the series' dash and its marker.
    case line
    /// A filled, hatched swatch.
    case bar
  }

  /// One entry: its series' position, the text (already cut to fit), the style and its width in
  /// pixels.
  package struct Entry {
    package var index: Int
    package var text: String
    package var style: SeriesStyle
    package var width: Double
  }

  package static let fontSize = 12.0
  package static let rowHeight = 18.0
  package static let entryGap = 18.0
  package static let textGap = 6.0
  package static let maximumTextWidth = 240.0

  package let symbol: Symbol
  /// The entries of each row.
  private(set) var rows: [[Entry]] = []
  /// How many entries did not fit (`+N more`).
  private(set) var hidden = 0

  package var swatchWidth: Double { symbol == .line ? 28 : 14 }

  /// Lays out `entries` (name and style) in rows no wider than `width`, at most `maxRows`.
  package init(
    entries: [(name: String, style: SeriesStyle)], symbol: Symbol, width: Double, maxRows: Int
  ) {
    self.symbol = symbol
    let swatch = symbol == .line ? 28.0 : 14.0
    let textLimit = min(Self.maximumTextWidth, max(width - swatch - Self.textGap, 20))
    var row: [Entry] = []
    var used = 0.0
    for (index, entry) in entries.enumerated() {
      let text = TextMetrics.truncated(entry.name, toWidth: textLimit, fontSize: Self.fontSize)
      let item = Entry(
        index: index, text: text, style: entry.style,
        width: swatch + Self.textGap + TextMetrics.width(text, fontSize: Self.fontSize))
      let needed = (row.isEmpty ? 0 : Self.entryGap) + item.width
      if !row.isEmpty && used + needed > width {
        if rows.count + 1 == max(maxRows, 1) {
          // Last row allowed: stop here and say how many are left.
          hidden = entries.count - index
          break
        }
        rows.append(row)
        row = []
        used = 0
      }
      used += (row.isEmpty ? 0 : Self.entryGap) + item.width
      row.append(item)
    }
    if !row.isEmpty { rows.append(row) }
    // Make room on the last row for the `+N more` note.
    while hidden > 0, let last = rows.indices.last, rows[last].count > 1,
      self.width(ofRow: last) > width
    {
      rows[last].removeLast()
      hidden += 1
    }
  }

  /// The height the rows take.
  package var height: Double { Double(rows.count) * Self.rowHeight }

  /// The text that ends the last row when entries were left out.
  package var moreText: String? { hidden > 0 ? "+" + String(hidden) + " more" : nil }

  /// The width of one row, including the `+N more` note on the last.
  package func width(ofRow index: Int) -> Double {
    var total = rows[index].map(\.width).reduce(0, +)
    total += Double(max(rows[index].count - 1, 0)) * Self.entryGap
    if index == rows.count - 1, let moreText {
      total += Self.entryGap + TextMetrics.width(moreText, fontSize: Self.fontSize)
    }
    return total
  }

  // MARK: - Drawing

  /// Draws the rows from `top`, each centred on `centre` but kept inside `minX…maxX`; a line
  /// sample shows the marker only when `markers` says its series draws markers.
  package func write(
    to svg: inout SVGWriter, top: Double, centre: Double, minX: Double, maxX: Double,
    markers: [Bool]
  ) {
    guard !rows.isEmpty else { return }
    svg.open("g", [("font-size", "12"), ("fill", "#222222")])
    for (index, row) in rows.enumerated() {
      let rowWidth = width(ofRow: index)
      var x = min(max(centre - rowWidth / 2, minX), max(maxX - rowWidth, minX))
      let middle = top + Double(index) * Self.rowHeight + Self.rowHeight / 2
      for entry in row {
        let marker = entry.index < markers.count ? markers[entry.index] : true
        writeSwatch(entry.style, marker: marker, x: x, middle: middle, to: &svg)
        svg.leaf(
          "text",
          [
            ("x", SVGWriter.number(x + swatchWidth + Self.textGap)),
            ("y", SVGWriter.number(middle + 4)),
          ],
          content: entry.text)
        x += entry.width + Self.entryGap
      }
      if index == rows.count - 1, let moreText {
        svg.leaf(
          "text",
          [("x", SVGWriter.number(x)), ("y", SVGWriter.number(middle + 4)), ("fill", "#555555")],
          content: moreText)
      }
    }
    svg.close()
  }

  private func writeSwatch(
    _ style: SeriesStyle, marker: Bool, x: Double, middle: Double, to svg: inout SVGWriter
  ) {
    switch symbol {
    case .line:
      var attributes: [SVGWriter.Attribute] = [
        ("d", "M" + SVGWriter.point(x, middle) + "L" + SVGWriter.point(x + 28, middle)),
        ("stroke", style.color), ("stroke-width", "2"), ("fill", "none"),
      ]
      if let dash = style.dash { attributes.append(("stroke-dasharray", dash)) }
      svg.leaf("path", attributes)
      guard marker else { return }
      svg.leaf(
        "path",
        [
          ("d", style.marker.path(x: x + 14, y: middle)), ("fill", style.color),
          ("stroke", "#ffffff"), ("stroke-width", "0.8"),
        ])
    case .bar:
      let rect: [SVGWriter.Attribute] = [
        ("x", SVGWriter.number(x)), ("y", SVGWriter.number(middle - 6)), ("width", "14"),
        ("height", "12"),
      ]
      svg.leaf("rect", rect + [("fill", style.color)])
      if let id = style.hatch.patternID {
        svg.leaf("rect", rect + [("fill", "url(#" + id + ")")])
      }
      svg.leaf(
        "rect",
        rect + [("fill", "none"), ("stroke", "#333333"), ("stroke-width", "0.6")])
    }
  }
}
