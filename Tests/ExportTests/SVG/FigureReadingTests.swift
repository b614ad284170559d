import Testing

@testable import Export

/// Figures that cannot be misread (issue 42): subtitles wrap whole, long legends are grouped,
/// diagram labels never overlap.
@Suite struct FigureReadingTests {
  static let subtitle =
    "Alpenau, Berlin, Paris, Rome · forecast vs era5 observations · forecasts: forecast (best_match, demo_model_b), demo_provider (demo_provider), one row per model · valid 2026-01-01 to 2026-03-31 · lead days 1–5 · rays: correlation · dotted arcs: centred RMS difference · normalised by the observed standard deviation"

  static func layout(
    width: Int = 680, height: Int = 720, subtitle: String? = subtitle,
    legend: [(name: String, style: SeriesStyle)] = []
  ) -> ChartLayout {
    ChartLayout(
      width: width, height: height, title: "Taylor diagram", subtitle: subtitle, xTitle: "x",
      yTitle: "y", legend: legend, symbol: .line, attribution: "Weather data", hasStrip: false,
      makeY: { _ in AxisScale(lower: 0, upper: 1, ticks: []) },
      makeX: { _ in AxisScale(lower: 0, upper: 1, ticks: []) })
  }

  /// The subtitle of about 330 characters takes three or more lines at 680 px, every word kept,
  /// no ellipsis (before: two lines, the second cut mid-word with `…`).
  @Test("a long subtitle wraps onto as many lines as it needs and is never cut")
  func subtitleWrapsWhole() {
    for (width, height) in [(680, 720), (800, 450), (400, 300)] {
      let lines = Self.layout(width: width, height: height).subtitleLines
      #expect(lines.count >= 3, "\(width)×\(height): \(lines)")
      #expect(lines.joined(separator: " ") == Self.subtitle, "\(width)×\(height): \(lines)")
      #expect(!lines.contains { $0.contains("…") })
    }
  }

  static func longLegend() -> [(name: String, style: SeriesStyle)] {
    let a = (0...15).map { "forecast · best_match · lead day \($0)" }
    let b = (0...6).map { "forecast · demo_model_b · lead day \($0)" }
    return (a + b).enumerated().map { ($1, SeriesStyle.automatic($0)) }
  }

  /// 23 entries (two models × their lead days), as the economic value diagram draws them:
  /// two headings, every lead shown by its number, in at most four rows (before: eight rows
  /// of full names).
  @Test("a legend of more than eight entries is grouped under headings, none left out")
  func longLegendGrouped() {
    let legend = ChartLegend(
      entries: Self.longLegend(), symbol: .line, width: 680 - 28, maxRows: 10)
    let entries = legend.rows.flatMap { $0 }
    #expect(
      entries.filter(\.isHeading).map(\.text) == [
        "forecast · best_match · lead day:", "forecast · demo_model_b · lead day:",
      ])
    let items = entries.filter { !$0.isHeading }
    let expected: [String] = (0...15).map { String($0) } + (0...6).map { String($0) }
    #expect(items.map(\.text) == expected)
    #expect(items.map(\.index) == Array(0..<23))
    #expect(legend.rows.count <= 4, "\(legend.rows.map { $0.map(\.text) })")
    #expect(legend.moreText == nil)
  }

  @Test("eight entries or fewer keep their full names; names sharing nothing are not grouped")
  func shortLegendUnchanged() {
    let few = ChartLegend(
      entries: Array(Self.longLegend().prefix(8)), symbol: .line, width: 652, maxRows: 10)
    let headings = few.rows.flatMap { $0 }.filter { $0.isHeading }
    #expect(headings.isEmpty)
    #expect(few.rows.flatMap { $0 }.first?.text == "forecast · best_match · lead day 0")
    let names = [
      "Berlin", "Paris", "Rome", "Oslo", "Bern", "Vienna", "Prague", "Madrid", "Lisbon", "Dublin",
    ]
    let cities = ChartLegend.groups(names)
    #expect(cities == nil)
  }

  /// Ten labels at one point and five in a tight cluster: the placed boxes never intersect,
  /// and a label with no free corner is left out rather than drawn over another.
  @Test("diagram labels take free corners and never overlap")
  func labelsDoNotOverlap() {
    let same: [(x: Double, y: Double)] = Array(repeating: (x: 100.0, y: 100.0), count: 10)
    let cluster: [(x: Double, y: Double)] = (0..<5).map { index in
      let step = Double(index)
      return (x: 200 + step * 3, y: 200 + step * 2)
    }
    let points = same + cluster
    let places = LabelPlacement.place(
      points.map { ($0.x, $0.y, 12.0) }, fontSize: 10, markers: points,
      bounds: (0, 0, 400, 400))
    #expect(places.count == points.count)
    let boxes = places.compactMap { $0 }.map {
      LabelPlacement.Box(minX: $0.x, minY: $0.y - 8, maxX: $0.x + 12, maxY: $0.y + 2.5)
    }
    #expect(boxes.count >= 8 && boxes.count < points.count)
    for i in boxes.indices {
      for j in boxes.indices where j > i {
        #expect(!boxes[i].intersects(boxes[j]), "\(i) and \(j) overlap")
      }
    }
    // A lone label keeps the upper right of its point, where labels have always been.
    let lone = LabelPlacement.place(
      [(50, 50, 10)], fontSize: 10, markers: [(50, 50)], bounds: (0, 0, 400, 400))
    #expect(lone.first??.x == 56 && lone.first??.y == 44)
  }
}
