import Foundation
import Testing

@testable import Export
@testable import SkycastModel

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// One element of a parsed SVG document.
struct SVGNode {
  var name: String
  var attributes: [String: String]
  /// The element's own character data (not its children's).
  var text: String
  var children: [SVGNode]

  /// This element and all its descendants, in document order.
  var all: [SVGNode] { [self] + children.flatMap(\.all) }

  /// Every descendant (or self) named `name`.
  func elements(_ name: String) -> [SVGNode] { all.filter { $0.name == name } }

  /// The character data of every `<text>` element, in document order.
  var texts: [String] { elements("text").map(\.text) }
}

/// Parses XML with Foundation's `XMLParser` (FoundationXML on Linux) into a tree, or records the
/// parser's error.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
  private var stack: [SVGNode] = []
  private(set) var root: SVGNode?
  private(set) var error: String?

  /// The document's root element; fails the test with the parser's message when it is not
  /// well-formed XML.
  static func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> SVGNode
  {
    let builder = XMLTreeBuilder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = builder
    let ok = parser.parse()
    #expect(ok, "not well-formed XML: \(builder.error ?? "?")", sourceLocation: sourceLocation)
    return try #require(builder.root, sourceLocation: sourceLocation)
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    stack.append(SVGNode(name: elementName, attributes: attributes, text: "", children: []))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    let element = stack.removeLast()
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    error = "line \(parser.lineNumber): \(parseError)"
  }
}

/// The charts of the golden files: small, fixed datasets for the three uses.
enum SampleCharts {
  static let shanghai = CityTimeZone(identifier: "Asia/Shanghai")!

  /// RMSE of 2 m temperature by lead day for three models; one has a missing lead day.
  static var leadDayRMSE: LineChart {
    let rmse: [[Double?]] = [
      [0.82, 1.05, 1.31, 1.58, 1.86, 2.17, 2.49, 2.83],
      [0.74, 0.97, 1.22, 1.49, 1.75, 2.02, 2.36, 2.71],
      [1.10, 1.32, nil, 1.95, 2.24, 2.60, 2.91, 3.30],
    ]
    let counts: [[Int?]] = [
      [96, 96, 96, 94, 92, 90, 88, 80],
      [96, 96, 95, 94, 92, 88, 86, 78],
      [48, 48, 0, 46, 44, 44, 40, 36],
    ]
    let names = ["best_match", "ecmwf_ifs025", "gfs_seamless"]
    return LineChart(
      title: "RMSE of 2 m temperature by lead day",
      subtitle: "北京, Zürich · forecasts issued 2026-02-01 to 2026-03-31 · source forecast",
      xAxis: ChartAxis(label: "Lead day"),
      yAxis: ChartAxis(label: "RMSE", unit: "°C", includesZero: true, decimals: 2),
      series: names.indices.map { index in
        ChartSeries(
          name: names[index],
          values: rmse[index].enumerated().map { (x: Double($0.offset), y: $0.element) },
          n: counts[index])
      },
      showsCounts: true)
  }

  /// Three days of hourly 2 m temperature in Beijing local time: observed against the latest
  /// forecast, with a six-hour gap in the observations.
  static var beijingTemperature: LineChart {
    let start: Int64 = 1_773_936_000  // 2026-03-20T00:00+08:00
    var observed: [ChartPoint] = []
    var forecast: [ChartPoint] = []
    for hour in 0..<72 {
      let epoch = start + Int64(hour) * 3600
      let daily = -cos(Double(hour % 24 - 3) / 24 * 2 * Double.pi)
      let value = 4 + 6 * daily + Double(hour) / 24
      observed.append(
        ChartPoint(epoch: epoch, y: (30..<36).contains(hour) ? nil : (value * 10).rounded() / 10))
      forecast.append(
        ChartPoint(epoch: epoch, y: ((value + 0.8 - 0.3 * daily) * 10).rounded() / 10))
    }
    return LineChart(
      title: "2 m temperature, 北京 (Beijing)",
      subtitle: "observed (era5) and latest forecast (best_match)",
      xAxis: .time(label: "Local time (Asia/Shanghai)", zone: shanghai),
      yAxis: ChartAxis(label: "Temperature", unit: "°C", decimals: 1),
      series: [
        ChartSeries(name: "observed", points: observed, style: .reference),
        ChartSeries(name: "forecast", points: forecast, style: .automatic(1)),
      ])
  }

  /// Ten days of precipitation for two cities; one day missing for one of them.
  static var dailyPrecipitation: BarChart {
    let dates = (0..<10).map { LocalDate(year: 2026, month: 3, day: 10)!.adding(days: $0) }
    return BarChart(
      title: "Daily precipitation",
      subtitle: "local days, 2026-03-10 to 2026-03-19",
      categories: dates.map { DateLabelStyle.abbreviated.day($0) },
      xLabel: "Local date",
      yAxis: ChartAxis(label: "Precipitation", unit: "mm", decimals: 1),
      series: [
        BarSeries(name: "北京", values: [0, 0, 1.2, 5.6, 12.4, 3.1, 0, 0, 0.4, 2.2]),
        BarSeries(
          name: "O'Hare \"Chicago\" & <Co>", values: [3.3, 8.1, nil, 0.6, 0, 0, 14.9, 7.7, 1.0, 0]),
      ])
  }

  /// The awkward cases in one figure: negative values, a single point, a flat series and one
  /// with no data, plus a long legend.
  static var edgeCases: LineChart {
    LineChart(
      title: "Bias of 2 m temperature by lead time (edge cases)",
      xAxis: ChartAxis(label: "Lead time", unit: "h", kind: .hours),
      yAxis: ChartAxis(label: "Bias", unit: "°C", decimals: 2),
      series: [
        ChartSeries(
          name: "negative 🌧", values: [(0, -0.4), (24, -1.2), (48, -2.6), (72, nil), (96, -3.1)]),
        ChartSeries(name: "single point", values: [(48, 0.6)]),
        ChartSeries(name: "flat", values: [(0, 0.5), (48, 0.5), (96, 0.5)]),
        ChartSeries(name: "all missing", values: [(0, nil), (24, nil)]),
        ChartSeries(name: "a rather long model name that goes on", values: [(12, 1.0), (84, 1.4)]),
        ChartSeries(name: "上海 (Shanghai)", values: [(6, -1.0), (30, 0.2), (54, -0.3)]),
        ChartSeries(name: "seventh", values: [(0, 1.8), (96, 1.6)]),
        ChartSeries(name: "eighth", values: [(0, -3.5), (96, -2.8)]),
      ])
  }
}

// MARK: - Finding chart parts in a parsed document

extension SVGNode {
  /// The series lines: paths clipped to the plot with a stroke.
  var linePaths: [SVGNode] {
    elements("path").filter {
      $0.attributes["clip-path"] == "url(#skycast-plot)" && $0.attributes["stroke-width"] == "2"
    }
  }

  /// The point markers: paths in groups clipped to the marker area.
  var markers: [SVGNode] {
    elements("g").filter { $0.attributes["clip-path"] == "url(#skycast-marks)" }
      .flatMap { $0.children.filter { $0.name == "path" } }
  }

  /// The bars: paths with a tooltip in groups clipped to the plot.
  var bars: [SVGNode] {
    elements("g").filter { $0.attributes["clip-path"] == "url(#skycast-plot)" }
      .flatMap { $0.children.filter { $0.name == "path" } }
  }

  /// The text of an element's `<title>` child.
  var tooltip: String? { children.first { $0.name == "title" }?.text }

  /// The y tick labels (right-aligned text).
  var yTickLabels: [String] {
    elements("g").filter {
      $0.attributes["text-anchor"] == "end" && $0.attributes["font-size"] == "12"
    }
    .flatMap { $0.children.map(\.text) }
  }

  /// The x tick labels (centred 12 px text).
  var xTickLabels: [String] {
    elements("g").filter {
      $0.attributes["text-anchor"] == "middle" && $0.attributes["font-size"] == "12"
    }
    .flatMap { $0.children.map(\.text) }
  }

  /// The numbers in path data, in order.
  static func numbers(in data: String) -> [Double] {
    var result: [Double] = []
    var current = ""
    for character in data {
      if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
        current.append(character)
      } else {
        if let value = Double(current) { result.append(value) }
        current = character == "-" ? "-" : ""
      }
    }
    if let value = Double(current) { result.append(value) }
    return result
  }
}
