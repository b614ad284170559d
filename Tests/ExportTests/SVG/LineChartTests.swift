import Testing

@testable import Export

@Suite struct LineChartTests {
  static let lead = ChartAxis(label: "Lead day")
  static let score = ChartAxis(label: "RMSE", unit: "°C", decimals: 2)

  static func chart(_ series: [ChartSeries], width: Int = 800, height: Int = 450) -> LineChart {
    LineChart(
      title: "Test", xAxis: lead, yAxis: score, series: series, width: width, height: height)
  }

  @Test("the document is standalone SVG 1.1 with size, fonts, title and attribution")
  func document() throws {
    let svg = Self.chart(
      [ChartSeries(name: "a", values: [(0, 1), (1, 2)])], width: 640, height: 360
    )
    .svg()
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    let root = try XMLTreeBuilder.parse(svg)
    #expect(root.name == "svg")
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root.attributes["version"] == "1.1")
    #expect(root.attributes["width"] == "640")
    #expect(root.attributes["height"] == "360")
    #expect(root.attributes["viewBox"] == "0 0 640 360")
    #expect(root.attributes["font-family"]?.contains("'Noto Sans CJK SC'") == true)
    #expect(root.texts.contains(ChartText.openMeteoAttribution))
    #expect(root.texts.contains("RMSE (°C)"))
    #expect(root.texts.contains("Lead day"))
    #expect(root.children.first { $0.name == "title" }?.text == "Test")
  }

  @Test("sizes below the minimum are raised, and the attribution can be left out")
  func sizeAndAttribution() throws {
    var chart = Self.chart([ChartSeries(name: "a", values: [(0, 1)])], width: 10, height: -5)
    chart.attribution = nil
    let root = try XMLTreeBuilder.parse(chart.svg())
    #expect(root.attributes["width"] == "320")
    #expect(root.attributes["height"] == "200")
    #expect(!root.texts.contains(ChartText.openMeteoAttribution))
  }

  @Test("names with quotes, ampersands, angle brackets, CJK and emoji survive as text")
  func escaping() throws {
    let names = ["Tom & \"Jerry\" <3 'x'", "北京", "東京 🌧", "a\u{1}b"]
    var chart = Self.chart(names.map { ChartSeries(name: $0, values: [(0, 1), (1, 2)]) })
    chart.title = "<Title> & 'quotes'"
    chart.subtitle = "上海 \"Pudong\""
    let root = try XMLTreeBuilder.parse(chart.svg())
    let texts = root.texts
    for name in names.dropLast() { #expect(texts.contains(name)) }
    #expect(texts.contains("a\u{FFFD}b"))
    #expect(texts.contains("<Title> & 'quotes'"))
    #expect(texts.contains("上海 \"Pudong\""))
    #expect(root.markers.first?.tooltip?.hasPrefix("Tom & \"Jerry\" <3 'x' · Lead day 0") == true)
  }

  @Test("a single point is drawn as a marker without a line")
  func singlePoint() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart([ChartSeries(name: "one", values: [(3, 1.5)])]).svg())
    #expect(root.linePaths.isEmpty)
    #expect(root.markers.count == 1)
    #expect(root.markers[0].tooltip == "one · Lead day 3 · RMSE 1.50 °C")
    #expect(root.xTickLabels == ["2", "3", "4"])
  }

  @Test("a flat series gets a y axis with a non-zero span around its value")
  func flat() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart([ChartSeries(name: "flat", values: [(0, 20), (1, 20), (2, 20)])]).svg())
    let labels = root.yTickLabels.compactMap(Double.init)
    #expect(labels.count >= 3)
    #expect(labels.min()! < 20 && labels.max()! > 20)
    let ys = SVGNode.numbers(in: try #require(root.linePaths.first?.attributes["d"]))
      .enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    #expect(Set(ys).count == 1)
  }

  @Test("negative values print with a minus sign and a zero line")
  func negative() throws {
    let root = try XMLTreeBuilder.parse(
      Self.chart([ChartSeries(name: "bias", values: [(0, -2.5), (1, 0.7), (2, -0.3)])]).svg())
    #expect(root.yTickLabels.contains("\u{2212}2"))
    #expect(root.yTickLabels.contains("0"))
    #expect(root.elements("path").contains { $0.attributes["stroke"] == "#777777" })
    #expect(root.markers.map(\.tooltip).contains("bias · Lead day 0 · RMSE \u{2212}2.50 °C"))
  }

  @Test("a missing value breaks the line; a point alone between gaps keeps its marker")
  func gaps() throws {
    var chart = Self.chart([
      ChartSeries(
        name: "gappy", values: [(0, 1), (1, 2), (2, nil), (3, 3), (4, nil), (5, 2), (6, 1)])
    ])
    chart.markers = .never
    let root = try XMLTreeBuilder.parse(chart.svg())
    let data = try #require(root.linePaths.first?.attributes["d"])
    #expect(data.filter { $0 == "M" }.count == 2)
    #expect(data.filter { $0 == "L" }.count == 2)
    #expect(root.markers.map(\.tooltip) == ["gappy · Lead day 3 · RMSE 3.00 °C"])
  }

  @Test("points farther apart than the gap threshold break the line")
  func gapThreshold() throws {
    var chart = Self.chart([ChartSeries(name: "hourly", values: [(0, 1), (1, 2), (5, 3), (6, 2)])])
    chart.gapThreshold = 1.5
    let data = try #require(try XMLTreeBuilder.parse(chart.svg()).linePaths.first?.attributes["d"])
    #expect(data.filter { $0 == "M" }.count == 2)
  }

  @Test("a series with no values is listed as no data; a chart with none says No data")
  func allMissing() throws {
    let some = try XMLTreeBuilder.parse(
      Self.chart([
        ChartSeries(name: "ok", values: [(0, 1), (1, 2)]),
        ChartSeries(name: "empty", values: [(0, nil), (1, .nan)]),
      ]).svg())
    #expect(some.texts.contains("empty (no data)"))
    #expect(!some.texts.contains("No data"))
    #expect(some.linePaths.count == 1)

    for series in [[ChartSeries(name: "empty", values: [(0, nil)])], []] {
      let none = try XMLTreeBuilder.parse(Self.chart(series).svg())
      #expect(none.texts.contains("No data"))
      #expect(none.linePaths.isEmpty)
      #expect(none.yTickLabels.count >= 2)
    }
  }

  @Test("tooltips carry n, and the count strip draws one bar per counted point")
  func counts() throws {
    var chart = Self.chart([
      ChartSeries(name: "m", values: [(0, 1), (1, 2), (2, nil)], n: [48, 40, 0])
    ])
    chart.showsCounts = true
    let root = try XMLTreeBuilder.parse(chart.svg())
    #expect(
      root.markers.map(\.tooltip) == [
        "m · Lead day 0 · RMSE 1.00 °C · n = 48", "m · Lead day 1 · RMSE 2.00 °C · n = 40",
      ])
    let strip = try #require(root.elements("g").first { $0.attributes["fill-opacity"] == "0.75" })
    let data = try #require(strip.children.first?.attributes["d"])
    #expect(data.filter { $0 == "Z" }.count == 2)
    #expect(root.texts.contains("48"))
    #expect(root.texts.contains("n"))
  }

  @Test("unsorted input draws like sorted input, and rendering twice gives the same bytes")
  func determinism() {
    let sorted = Self.chart([ChartSeries(name: "a", values: [(0, 1), (1, 3), (2, 2)])])
    let shuffled = Self.chart([ChartSeries(name: "a", values: [(2, 2), (0, 1), (1, 3)])])
    #expect(sorted.svg() == shuffled.svg())
    let time = SampleCharts.beijingTemperature
    #expect(time.svg() == time.svg())
  }

  @Test("a fixed y range is used as given, with ticks inside it")
  func fixedRange() throws {
    var chart = Self.chart([ChartSeries(name: "a", values: [(0, -5), (1, 30)])])
    chart.yAxis.range = 0...10
    let root = try XMLTreeBuilder.parse(chart.svg())
    #expect(root.yTickLabels == ["0", "2", "4", "6", "8", "10"])
  }

  @Test("lead hours tick at whole multiples of 24 over 16 days")
  func leadHours() throws {
    let chart = LineChart(
      title: "t", xAxis: ChartAxis(label: "Lead time", unit: "h", kind: .hours), yAxis: Self.score,
      series: [ChartSeries(name: "a", values: (0...384).map { (Double($0), Double($0) / 100) })])
    let root = try XMLTreeBuilder.parse(chart.svg())
    let labels = root.xTickLabels.compactMap(Int.init)
    #expect(labels.first == 0 && labels.last == 384)
    #expect(labels.allSatisfy { $0 % 24 == 0 })
    #expect(root.markers.isEmpty)
    #expect(root.elements("circle").count == 385)
  }

  @Test("a time axis labels local midnights with the date")
  func timeAxis() throws {
    let root = try XMLTreeBuilder.parse(SampleCharts.beijingTemperature.svg())
    #expect(root.xTickLabels.prefix(3) == ["Mar 20", "06:00", "12:00"])
    #expect(root.xTickLabels.contains("Mar 22"))
    let tooltip = root.elements("circle").first?.tooltip
    #expect(tooltip == "observed · 2026-03-20 00:00 · Temperature −0.2 °C")
  }

  /// Names that share no leading part cannot be grouped (``ChartLegend/groups(_:)``).
  @Test("a long legend of names sharing nothing wraps into rows and ends with +N more")
  func longLegend() throws {
    let many = (0..<40).map {
      ChartSeries(name: "\($0)-th model number", values: [(0, Double($0)), (1, 1)])
    }
    let root = try XMLTreeBuilder.parse(Self.chart(many).svg())
    let legendTexts = root.elements("g")
      .filter { $0.attributes["fill"] == "#222222" && $0.attributes["font-size"] == "12" }
      .flatMap { $0.children.filter { $0.name == "text" } }
    let rows = Set(legendTexts.compactMap { $0.attributes["y"] })
    #expect(rows.count > 1 && rows.count <= 6)
    #expect(root.texts.contains { $0.hasPrefix("+") && $0.hasSuffix(" more") })
    for text in legendTexts {
      let x = try #require(text.attributes["x"].flatMap(Double.init))
      #expect(x + TextMetrics.width(text.text, fontSize: 12) <= 800)
    }
  }

  @Test("absurd values and ranges render without trapping")
  func absurdInput() throws {
    let values: [(x: Double, y: Double?)] = [
      (1e300, 1), (-1e300, .infinity), (.nan, 2), (5e18, -1e308),
    ]
    let kinds: [ChartAxis.Kind] = [
      .numeric, .hours, .time(offset: { _ in 3600 }), .category(["a"]), .ticks([]),
    ]
    for kind in kinds {
      var chart = LineChart(
        title: "t", xAxis: ChartAxis(label: "x", kind: kind), yAxis: Self.score,
        series: [ChartSeries(name: "a", values: values)])
      _ = try XMLTreeBuilder.parse(chart.svg())
      chart.yAxis.range = -Double.infinity...Double.infinity
      chart.xAxis.range = 1...1
      _ = try XMLTreeBuilder.parse(chart.svg())
    }
  }
}
