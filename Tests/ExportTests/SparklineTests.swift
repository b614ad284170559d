import Testing

@testable import Export
@testable import SkycastModel

@Suite struct SparklineTests {
  /// index = ⌊7·(x − min)/(max − min) + 0.5⌋ over the eight ticks.
  @Test(
    "ticks follow the spec's index rule",
    arguments: [
      ([1, 2, 3, 4, 5, 6, 7, 8], nil, nil, "▁▂▃▄▅▆▇█"),
      ([5, 5, 5], nil, nil, "▄▄▄"),
      ([1, nil, 8], nil, nil, "▁ █"),
      ([-10, -5, 0], nil, nil, "▁▅█"),
      ([-5, 5, 15], 0, 10, "▁▅█"),
      ([0, 0.5, 1], nil, nil, "▁▅█"),
      ([nil, nil], nil, nil, "  "),
      ([], nil, nil, ""),
      ([2, 3], 5, nil, "▁▁"),
      ([2, 3], nil, 1, "██"),
      ([2, 3], 5, 1, "▄▄"),
      ([.nan, 1, 2], nil, nil, " ▁█"),
    ] as [([Double?], Double?, Double?, String)])
  func ticks(values: [Double?], min: Double?, max: Double?, expected: String) {
    #expect(Sparkline.ticks(values, min: min, max: max, ascii: false) == expected)
  }

  @Test("ASCII ticks use eight ASCII levels")
  func asciiTicks() {
    #expect(
      Sparkline.ticks([1, 2, 3, 4, 5, 6, 7, 8], min: nil, max: nil, ascii: true) == "_.-:=+*#")
    #expect(Sparkline.ticks([4, nil, 4], min: nil, max: nil, ascii: true) == ": :")
  }

  /// Bucket i of w covers [⌊i·n/w⌋, ⌊(i+1)·n/w⌋) and averages its non-missing values.
  @Test("buckets average to the width and never stretch")
  func buckets() {
    let ten: [Double?] = (1...10).map(Double.init)
    #expect(Sparkline.buckets(ten, width: 4) == [1.5, 4, 6.5, 9])
    #expect(Sparkline.buckets([1, nil, 3, nil, nil, nil], width: 3) == [1, 3, nil])
    #expect(Sparkline.buckets([1, 2, 3], width: 10) == [1, 2, 3])
    #expect(Sparkline.buckets([1, 2, 3], width: 0) == [])
    #expect(Sparkline.buckets([1, 2, 3, 4, 5, 6, 7], width: 3) == [1.5, 3.5, 6])
  }

  /// The spec's example line, byte for byte.
  @Test("a labelled line has name, variable, unit, min, ticks, max and last")
  func labelledLine() {
    let series = SparkSeries(
      name: "北京", variable: "temperature_2m", unit: "°C", decimals: 1,
      values: [-2.0, 1.0, 3.5, 1.0, -5.0, -6.2, 2.0])
    let lines = Sparkline.renderLines(
      [series], scaleMin: nil, scaleMax: nil, totalWidth: 80, ascii: false)
    #expect(lines == ["北京 temperature_2m °C  min −6.2 ▄▆█▆▂▁▇ max 3.5  last 2.0"])
    let ascii = Sparkline.renderLines(
      [series], scaleMin: nil, scaleMax: nil, totalWidth: 80, ascii: true)
    #expect(ascii == ["北京 temperature_2m °C  min -6.2 :+#+._* max 3.5  last 2.0"])
  }

  /// Several series line up: padded names, sparklines in one column, a fixed common scale,
  /// the last non-missing value, and a clear line for a series without data.
  @Test("several series align in columns on a common scale")
  func aligned() {
    let series = [
      SparkSeries(
        name: "北京", variable: "temperature_2m", unit: "°C", decimals: 1,
        values: [-2.0, 1.0, 3.5, nil]),
      SparkSeries(
        name: "Zürich", variable: "temperature_2m", unit: "°C", decimals: 1,
        values: [10, 12.25, 8, 14, 9.5, 11]),
      SparkSeries(name: "Oslo", variable: "temperature_2m", unit: "°C", decimals: 1, values: [nil]),
    ]
    let lines = Sparkline.renderLines(
      series, scaleMin: -10, scaleMax: 20, totalWidth: 80, ascii: false)
    #expect(
      lines == [
        "北京   temperature_2m °C  min −2.0 ▃▄▄    max  3.5  last  3.5",
        "Zürich temperature_2m °C  min  8.0 ▆▆▅▇▆▆ max 14.0  last 11.0",
        "Oslo   temperature_2m °C  no data",
      ])
  }

  /// A long series is averaged into buckets so the line fills the width exactly, but a label
  /// wider than the terminal still leaves ten ticks.
  @Test("long series are fitted to the total width")
  func fitted() {
    let values: [Double?] = (0..<500).map { Double($0 % 24) }
    let series = SparkSeries(name: "stdin", variable: "", unit: "", decimals: 0, values: values)
    let line = Sparkline.renderLines(
      [series], scaleMin: nil, scaleMax: nil, totalWidth: 60, ascii: false)[0]
    #expect(DisplayWidth.of(line) == 60)
    // 500 values in 31 ticks (16–17 each): min, max and last are the drawn means.
    let rendered = Sparkline.render(
      [series], scaleMin: nil, scaleMax: nil, totalWidth: 60, ascii: false)
    #expect(rendered.valuesPerTick == 16...17)
    let means = Sparkline.buckets(values, width: 31).compactMap { $0 }
    func text(_ value: Double) -> String { NumberText.fixed(value, decimals: 0) }
    #expect(line.hasPrefix("stdin  min \(text(means.min()!)) "), "\(line)")
    #expect(line.hasSuffix(" max \(text(means.max()!))  last \(text(means.last!))"), "\(line)")
    #expect(line.contains("▁") && line.contains("█"))
    // Labels would leave under ten ticks: labels first, then the ticks across the width.
    let narrow = Sparkline.renderLines(
      [series], scaleMin: nil, scaleMax: nil, totalWidth: 20, ascii: false)
    let ticks = Sparkline.buckets(values, width: 20)
    let narrowMeans = ticks.compactMap { $0 }
    #expect(
      narrow == [
        "stdin  min \(text(narrowMeans.min()!))",
        "max \(text(narrowMeans.max()!))  last \(text(narrowMeans.last!))",
        Sparkline.ticks(ticks, min: nil, max: nil, ascii: false),
      ])
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 20 })
  }
}
