import Foundation
import TestSupport
import Testing

@testable import Collect

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--format svg` on the commands that draw figures: valid, deterministic SVG with the right
/// series, written to `-o`.
@Suite struct FigureCommandTests {
  /// Berlin with a forecast and ERA5 observations for 2026-03-20 (`HistoryBuilder.smallHistory`).
  static func harness() throws -> CLIHarness {
    let harness = CLIHarness()
    try HistoryBuilder(store: harness.store()).smallHistory()
    return harness
  }

  /// Parses `text` as XML and returns the texts of its `<text>` and `<title>` elements.
  static func texts(_ text: String) throws -> [String] {
    final class Collector: NSObject, XMLParserDelegate {
      var texts: [String] = []
      var current = ""
      var collecting = false
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        if name == "text" || name == "title" {
          collecting = true
          current = ""
        }
      }
      func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting { current += string }
      }
      func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
      ) {
        if name == "text" || name == "title" {
          texts.append(current)
          collecting = false
        }
      }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
    return collector.texts
  }

  @Test("spark --format svg draws the forecast with the observations overlaid, deterministically")
  func sparkFigure() async throws {
    let harness = try Self.harness()
    let arguments = [
      "spark", "--city", "Berlin", "--from", "2026-03-20", "--to", "2026-03-20", "--format", "svg",
      "-o", "berlin.svg",
    ]
    let result = await harness.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    let first = try String(contentsOfFile: harness.directory.file("berlin.svg"), encoding: .utf8)
    #expect(first.hasPrefix("<?xml"))
    let texts = try Self.texts(first)
    #expect(texts.contains("2 m temperature"))
    #expect(texts.contains { $0.hasPrefix("Berlin — forecast") })
    #expect(texts.contains { $0.hasPrefix("Berlin — observed") })
    #expect(texts.contains("Weather data by Open-Meteo.com (CC BY 4.0)"))
    _ = await harness.run(arguments)
    #expect(
      try String(contentsOfFile: harness.directory.file("berlin.svg"), encoding: .utf8) == first)
  }

  @Test("export hourly --format svg is the same figure as spark's")
  func exportFigure() async throws {
    let harness = try Self.harness()
    let result = await harness.run(
      "export", "hourly", "--city", "Berlin", "--from", "2026-03-20", "--to", "2026-03-20",
      "--format", "svg")
    #expect(result.exitCode == 0, "\(result)")
    #expect(try Self.texts(result.stdout).contains("2 m temperature"))
    let refused = await harness.run("export", "daily", "--format", "svg")
    #expect(refused.exitCode == 64)
  }

  @Test("summary precip --format svg draws bars per day and refuses other summaries")
  func precipitationFigure() async throws {
    let harness = try Self.harness()
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--from", "2026-03-19", "--to", "2026-03-21",
      "--format", "svg")
    #expect(result.exitCode == 0, "\(result)")
    let texts = try Self.texts(result.stdout)
    #expect(texts.contains("Daily precipitation"))
    #expect(texts.contains("Mar 20"))
    let refused = await harness.run(
      "summary", "uv", "--from", "2026-03-19", "--to", "2026-03-21", "--format", "svg")
    #expect(refused.exitCode == 64)
  }

  @Test("verify --format svg plots the chosen score by lead with pair counts; it needs no --by")
  func verifyFigure() async throws {
    let harness = try Self.harness()
    let result = await harness.run("verify", "--by", "model", "--format", "svg", "--score", "mae")
    #expect(result.exitCode == 0, "\(result)")
    let texts = try Self.texts(result.stdout)
    #expect(texts.contains("Mean absolute error of 2 m temperature by lead day"))
    #expect(texts.contains("Mean absolute error (°C)") && texts.contains("Lead (days)"))
    #expect(texts.contains { $0.hasPrefix("forecast · best_match") })
    #expect(texts.contains { $0.hasPrefix("forecast · ecmwf_ifs025") })
    #expect(await harness.run("verify", "--score", "mae").exitCode == 64)
    #expect(await harness.run("verify", "--pairs", "--format", "svg").exitCode == 64)
    #expect(await harness.run("verify", "--format", "svg", "--score", "mse-skill").exitCode == 64)
  }
}
