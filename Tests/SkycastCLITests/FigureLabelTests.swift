import Foundation
import TestSupport
import Testing

/// Figures a supervisor accepts as they are: words for variables, cities and period in the
/// subtitle, `--title`/`--no-title`, `--width/--height` everywhere, plain legend labels, the
/// right x axis for `verify --by valid-hour|month`, no figure from zero cases, and notes for
/// incomplete months.
@Suite struct FigureLabelTests {
  /// The four figure commands on the small Berlin history.
  static let figures: [[String]] = [
    ["spark", "--city", "Berlin", "--from", "2026-03-20", "--to", "2026-03-20"],
    ["export", "hourly", "--city", "Berlin", "--from", "2026-03-20", "--to", "2026-03-20"],
    [
      "summary", "precip", "--series", "observed", "--from", "2026-03-19", "--to", "2026-03-21",
    ],
    ["verify", "--by", "model"],
  ]

  static func svg(_ harness: CLIHarness, _ arguments: [String]) async throws -> (String, [String]) {
    let result = await harness.run(arguments + ["--format", "svg"])
    #expect(result.exitCode == 0, "\(arguments): \(result)")
    return (result.stdout, try FigureCommandTests.texts(result.stdout))
  }

  /// The drawn texts (the `<text>` elements, without the document's `<title>`).
  static func drawn(_ svg: String) -> [String] {
    svg.components(separatedBy: "<text").dropFirst().compactMap { chunk in
      guard let start = chunk.firstIndex(of: ">"), let end = chunk.range(of: "</text>") else {
        return nil
      }
      return String(chunk[chunk.index(after: start)..<end.lowerBound])
    }
  }

  @Test("variables in words, cities and period in the subtitle, no nested brackets")
  func labels() async throws {
    let harness = try FigureCommandTests.harness()
    for arguments in Self.figures {
      let (svg, texts) = try await Self.svg(harness, arguments)
      #expect(!svg.contains("temperature_2m"), "\(arguments): a column name is shown")
      #expect(!texts.contains { $0.contains("((") || $0.contains("))") }, "\(arguments): \(texts)")
      let subtitle = Self.drawn(svg)[1]
      #expect(subtitle.hasPrefix("Berlin · "), "\(arguments): \(subtitle)")
      #expect(subtitle.contains("2026-03-"), "\(arguments): \(subtitle)")
    }
    let (_, spark) = try await Self.svg(harness, Self.figures[0])
    #expect(spark.contains("2 m temperature (°C)"))
    #expect(
      spark.contains(
        "Berlin · latest forecast (best_match) vs observed (era5) · 2026-03-20 to 2026-03-20"))
    #expect(spark.contains("Berlin — forecast") && spark.contains("Berlin — observed"))
  }

  @Test("--title replaces the title; --no-title leaves title and subtitle to a caption")
  func titles() async throws {
    let harness = try FigureCommandTests.harness()
    for arguments in Self.figures {
      let (custom, _) = try await Self.svg(harness, arguments + ["--title", "Figure 3.1 & more"])
      #expect(Self.drawn(custom).first == "Figure 3.1 &amp; more", "\(arguments)")
      let (plain, _) = try await Self.svg(harness, arguments)
      let (bare, _) = try await Self.svg(harness, arguments + ["--no-title"])
      let drawn = Self.drawn(bare)
      #expect(!drawn.contains(Self.drawn(plain)[0]), "\(arguments): the title is drawn")
      #expect(!drawn.contains { $0.hasPrefix("Berlin · ") }, "\(arguments): the subtitle is drawn")
      #expect(bare.contains("<title>\(Self.drawn(plain)[0])</title>"), "\(arguments)")
      let both = await harness.run(arguments + ["--format", "svg", "--title", "x", "--no-title"])
      #expect(both.exitCode == 64, "\(arguments)")
    }
    let table = await harness.run(Self.figures[3] + ["--title", "x"])
    #expect(table.exitCode == 64)
    #expect(table.stderr.contains("--title applies to --format svg"), "\(table)")
  }

  @Test("--width and --height size every figure")
  func sizes() async throws {
    let harness = try FigureCommandTests.harness()
    for arguments in Self.figures {
      let (svg, _) = try await Self.svg(
        harness, arguments + ["--width", "1000", "--height", "500"])
      #expect(svg.contains(#"width="1000" height="500""#), "\(arguments)")
    }
    let table = await harness.run(Self.figures[1] + ["--width", "1000"])
    #expect(table.exitCode == 64, "\(table)")
    let small = await harness.run(Self.figures[2] + ["--format", "svg", "--width", "10"])
    #expect(small.exitCode == 64)
  }

  /// `--by valid-hour` (and month) is the x axis, not 24 lines against lead day.
  @Test(
    "verify --by valid-hour and --by month plot against them", arguments: ["valid-hour", "month"])
  func verifyAxis(key: String) async throws {
    let harness = try FigureCommandTests.harness()
    // One model: a source with several gets one line per model.
    let (svg, texts) = try await Self.svg(
      harness, ["verify", "--model", "best_match", "--by", key])
    let title =
      key == "month"
      ? "Root-mean-square error of 2 m temperature by month"
      : "Root-mean-square error of 2 m temperature by valid hour"
    #expect(texts.contains(title), "\(texts)")
    #expect(!texts.contains("Lead day"))
    if key == "month" {
      #expect(texts.contains("Month") && texts.contains("2026-03"))
    } else {
      #expect(texts.contains("Valid hour (local time)") && texts.contains("12:00"))
    }
    // One line (the source), not one per hour.
    #expect(svg.components(separatedBy: "<!-- ").count - 1 <= 2, "\(svg)")
    #expect(Self.drawn(svg).filter { $0 == "forecast" }.count == 1, "\(Self.drawn(svg))")
  }

  /// Issue 42: an empty figure was written (a 'No data' note under a subtitle naming sources)
  /// and the command exited 0. Now: exit 1, the reason on stderr, no file at -o.
  @Test("a figure from zero cases is refused: exit 1, no file written", arguments: [0, 1, 2, 3])
  func emptyRefused(index: Int) async throws {
    let harness = try FigureCommandTests.harness()
    var arguments = Self.figures[index]
    if let from = arguments.firstIndex(of: "--from") {
      arguments[from + 1] = "2025-01-01"
      arguments[from + 3] = "2025-01-03"
    } else {
      arguments += ["--from", "2025-01-01", "--to", "2025-01-03"]
    }
    let path = harness.directory.path + "/empty.svg"
    let result = await harness.run(arguments + ["--format", "svg", "-o", path])
    #expect(result.exitCode == 1, "\(arguments): \(result)")
    #expect(result.stderr.contains("no figure drawn: "), "\(arguments): \(result)")
    #expect(!FileManager.default.fileExists(atPath: path), "\(arguments)")
  }

  /// 25 of 31 March days: the month's total is withheld and the figure says why.
  @Test("an incomplete month is labelled, not 'No data'")
  func incompleteMonth() async throws {
    let harness = CLIHarness()
    let builder = HistoryBuilder(store: try harness.store())
    let city = try builder.city("Berlin", timezone: "Europe/Berlin")
    for day in 1...25 {
      let date = "2026-03-" + (day < 10 ? "0\(day)" : "\(day)")
      try builder.observedDay(city, date: date, ["precipitation_sum": 1.5])
    }
    let result = await harness.run(
      "summary", "precip", "--series", "observed", "--by", "month", "--from", "2026-03-01", "--to",
      "2026-03-31", "--format", "svg")
    #expect(result.exitCode == 0, "\(result)")
    let drawn = Self.drawn(result.stdout)
    #expect(drawn.contains("incomplete month (6 days missing)"), "\(drawn)")
    #expect(!drawn.contains("No data"))
    #expect(result.stderr.contains("warning: the figure has no bar"), "\(result)")
  }
}
