/// The legend under a chart: entries in rows that wrap at the canvas width, with a `+N more`
/// note when there are more rows than room.
///
/// Over ``groupingThreshold`` entries the legend is grouped (issue 42: a 23-entry legend of
/// the economic value diagram covered a quarter of the plot): entries that share all but their
/// last part (`forecast · best_match · lead day 3`) are listed once under that part as a row
/// heading (`forecast · best_match · lead day:`), each with only what tells it apart (`3`).
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
    /// A group's heading: text only, no swatch, starting its row.
    package var isHeading = false
  }

  package static let fontSize = 12.0
  package static let rowHeight = 18.0
  package static let entryGap = 18.0
  package static let textGap = 6.0
  package static let maximumTextWidth = 240.0
  /// Above this many entries the legend is grouped (``groups(_:)``).
  package static let groupingThreshold = 8

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
    var items: [Entry] = []
    if entries.count > Self.groupingThreshold, let groups = Self.groups(entries.map(\.name)) {
      for group in groups {
        let heading = TextMetrics.truncated(
          group.heading + ":", toWidth: textLimit, fontSize: Self.fontSize)
        items.append(
          Entry(
            index: -1, text: heading, style: .reference,
            width: TextMetrics.width(heading, fontSize: Self.fontSize), isHeading: true))
        for (index, name) in group.items {
          let text = TextMetrics.truncated(name, toWidth: textLimit, fontSize: Self.fontSize)
          items.append(
            Entry(
              index: index, text: text, style: entries[index].style,
              width: swatch + Self.textGap + TextMetrics.width(text, fontSize: Self.fontSize)))
        }
      }
    } else {
      for (index, entry) in entries.enumerated() {
        let text = TextMetrics.truncated(entry.name, toWidth: textLimit, fontSize: Self.fontSize)
        items.append(
          Entry(
            index: index, text: text, style: entry.style,
            width: swatch + Self.textGap + TextMetrics.width(text, fontSize: Self.fontSize)))
      }
    }
    var row: [Entry] = []
    var used = 0.0
    for (position, item) in items.enumerated() {
      let needed = (row.isEmpty ? 0 : Self.entryGap) + item.width
      // A heading starts a row; an item that does not fit wraps.
      if !row.isEmpty && (item.isHeading || used + needed > width) {
        if rows.count + 1 == max(maxRows, 1) {
          // Last row allowed: stop here and say how many are left.
          hidden = items[position...].filter { !$0.isHeading }.count
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
      if !rows[last].removeLast().isHeading { hidden += 1 }
    }
  }

  /// The groups of a long legend: names split at their last ` · `, those sharing the part
  /// before it together (in order of first appearance), and a leading phrase that all of a
  /// group's remainders share (`lead day `) moved into its heading; nil when no group would
  /// hold two entries or a group would have no heading (nothing to save).
  package static func groups(_ names: [String]) -> [(heading: String, items: [(Int, String)])]? {
    var order: [String] = []
    var members: [String: [(Int, String)]] = [:]
    for (index, name) in names.enumerated() {
      let parts = name.components(separatedBy: " · ")
      let head = parts.dropLast().joined(separator: " · ")
      if members[head] == nil { order.append(head) }
      members[head, default: []].append((index, parts.last ?? name))
    }
    guard order.contains(where: { (members[$0]?.count ?? 0) > 1 }) else { return nil }
    let result = order.map { head -> (heading: String, items: [(Int, String)]) in
      var items = members[head] ?? []
      var shared = ""
      if items.count > 1, let first = items.first?.1 {
        // The longest run of whole words every remainder starts with.
        var words = first.split(separator: " ", omittingEmptySubsequences: false).dropLast()
        while !words.isEmpty {
          let phrase = words.joined(separator: " ") + " "
          if items.allSatisfy({ $0.1.hasPrefix(phrase) && $0.1.count > phrase.count }) {
            shared = String(phrase.dropLast())
            items = items.map { ($0.0, String($0.1.dropFirst(phrase.count))) }
            break
          }
          words = words.dropLast()
        }
      }
      return ([head, shared].filter { !$0.isEmpty }.joined(separator: " · "), items)
    }
    // Nothing shared at all (ten city names): a heading would say nothing.
    return result.contains { $0.heading.isEmpty } ? nil : result
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
        if entry.isHeading {
          svg.leaf(
            "text", [("x", SVGWriter.number(x)), ("y", SVGWriter.number(middle + 4))],
            content: entry.text)
          x += entry.width + Self.entryGap
          continue
        }
        let marker = entry.index >= 0 && entry.index < markers.count ? markers[entry.index] : true
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
