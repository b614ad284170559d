import Testing

@testable import Export
@testable import SkycastModel

@Suite struct BarChartTests {
  static func chart(_ categories: [String], _ series: [BarSeries]) -> BarChart {
    BarChart(
      title: "Precipitation", categories: categories, xLabel: "Local date",
      yAxis: ChartAxis(label: "Precipitation", unit: "mm", decimals: 1), series: series)
  }

  /// (top, bottom) of a bar path `Mx,yhWvHh-WZ`.
  static func extent(_ bar: SVGNode) throws -> (top: Double, bottom: Double) {
    let numbers = SVGNode.numbers(in: try #require(bar.attributes["d"]))
    try #require(numbers.count == 5)
    return (numbers[1], numbers[1] + numbers[3])
  }

  /// The canvas y of the zero line.
  static func zeroY(_ root: SVGNode) throws -> Double {
    let line = try #require(root.elements("path").first { $0.attributes["stroke"] == "#777777" })
    return SVGNode.numbers(in: try #require(line.attributes["d"]))[1]
  }

  @Test("bars grow from zero in both directions when values cross zero")
  func zeroCrossing() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart(["a", "b", "c"], [BarSeries(name: "bias", values: [-2, 3, 1.5])]).svg())
    let zero = try Self.zeroY(root)
    let bars = root.bars
    #expect(bars.count == 3)
    let negative = try Self.extent(bars[0])
    let positive = try Self.extent(bars[1])
    #expect(negative.top == zero && negative.bottom > zero)
    #expect(positive.bottom == zero && positive.top < zero)
    #expect(root.yTickLabels.contains("\u{2212}2"))
    #expect(bars[0].tooltip == "bias · a · \u{2212}2.0 mm")
  }

  @Test("the axis always includes zero, even for large values only")
  func includesZero() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart(["a", "b"], [BarSeries(name: "x", values: [100, 120])]).svg())
    #expect(root.yTickLabels.first == "0")
  }

  @Test("missing and zero values leave their slot empty; short series count as missing")
  func missing() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart(
        ["d1", "d2", "d3", "d4"],
        [
          BarSeries(name: "北京", values: [1.2, nil, 0]),
          BarSeries(name: "上海", values: [.nan, 2, 3, 4, 5]),
        ]
      ).svg())
    #expect(
      root.bars.map(\.tooltip) == [
        "北京 · d1 · 1.2 mm", "上海 · d2 · 2.0 mm", "上海 · d3 · 3.0 mm", "上海 · d4 · 4.0 mm",
      ])
    #expect(root.texts.contains("北京"))
    #expect(root.texts.contains("上海"))
  }

  @Test("all missing says No data and marks the series")
  func allMissing() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart(["a"], [BarSeries(name: "dry 'quote'", values: [nil])]).svg())
    #expect(root.texts.contains("No data"))
    #expect(root.texts.contains("dry 'quote' (no data)"))
    #expect(root.bars.isEmpty)
    let empty = try XMLTreeBuilder.parse(Self.chart([], []).svg())
    #expect(empty.texts.contains("No data"))
  }

  @Test("the second series is hatched, with its pattern defined once")
  func hatches() throws {
    let root = try XMLTreeBuilder.parse(SampleCharts.dailyPrecipitation.svg())
    let patterns = root.elements("pattern").compactMap { $0.attributes["id"] }
    #expect(patterns == ["hatch-forward"])
    #expect(root.elements("path").contains { $0.attributes["fill"] == "url(#hatch-forward)" })
    #expect(root.elements("rect").contains { $0.attributes["fill"] == "url(#hatch-forward)" })
    #expect(root.texts.contains("O'Hare \"Chicago\" & <Co>"))
  }

  @Test("many categories show every k-th label so labels do not collide")
  func thinnedLabels() throws {
    let dates = (0..<90).map { LocalDate(year: 2026, month: 1, day: 1)!.adding(days: $0) }
    let labels = dates.map { $0.description }
    let root = try XMLTreeBuilder.parse(
      Self.chart(labels, [BarSeries(name: "x", values: dates.map { Double($0.day) })]).svg())
    let shown = root.xTickLabels
    #expect(shown.first == "2026-01-01")
    #expect(shown.count < 90 && shown.count >= 5)
    let step = try #require(labels.firstIndex(of: shown[1]))
    #expect(shown == stride(from: 0, to: 90, by: step).map { labels[$0] })
    #expect(root.bars.count == 90)
  }

  @Test("rendering twice gives the same bytes")
  func determinism() {
    #expect(SampleCharts.dailyPrecipitation.svg() == SampleCharts.dailyPrecipitation.svg())
  }

  @Test("absurd values and ranges render without trapping")
  func absurdInput() throws {
    var chart = Self.chart(
      ["a", "b", "c"], [BarSeries(name: "x", values: [1e308, -1e308, .infinity, 4])])
    _ = try XMLTreeBuilder.parse(chart.svg())
    chart.yAxis.range = 5...5
    chart.width = Int.max
    chart.height = Int.min
    let root = try XMLTreeBuilder.parse(chart.svg())
    #expect(root.attributes["height"] == "200")
  }
}
