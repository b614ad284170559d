import Export
import Foundation
import TestSupport
import Testing

@testable import SkycastCLI

/// `city list` and `summary` tables fit the terminal (80 columns when nothing says otherwise),
/// and notes on a terminal wrap at spaces.
@Suite struct TerminalWidthTests {
  static func widest(_ text: String) -> Int {
    text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
  }

  @Test("city list and every summary fit 80 columns on the demo database")
  func fitEighty() async throws {
    let harness = try demoHarness()
    let window = ["--from", "2026-07-01", "--to", "2026-07-20"]
    let cities = ["--city", "Alpenau", "--city", "北港"]
    let commands: [[String]] = [
      ["city", "list", "--format", "table"],
      ["summary", "precip"] + cities + window + ["--format", "table"],
      ["summary", "uv"] + cities + window + ["--format", "table"],
      ["summary", "feels-like"] + cities + window + ["--format", "table"],
      ["summary", "precip", "--by", "month"] + cities + window + ["--format", "table"],
    ]
    for command in commands {
      let result = await harness.run(command)
      #expect(result.exitCode == 0, "\(command)\n\(result)")
      #expect(result.stdout.split(separator: "\n").count > 3, "\(command)")
      #expect(Self.widest(result.stdout) <= 80, "\(command)\n\(result.stdout)")
    }
    // Every city is listed, and a wider terminal gets the columns unbroken.
    let list = await harness.run("city", "list", "--format", "table")
    for name in ["Copenhagen", "Prairie Falls", "北港"] { #expect(list.stdout.contains(name)) }
    harness.environment["COLUMNS"] = "200"
    let wide = await harness.run("city", "list", "--format", "table")
    #expect(wide.stdout.contains("country_code"))
    #expect(!wide.stdout.contains("…"))
  }

  @Test("--columns picks columns; an unknown one is a usage error naming the table's columns")
  func columns() async throws {
    let harness = try demoHarness()
    let picked = await harness.run("city", "list", "--columns", "name,elevation")
    #expect(picked.exitCode == 0)
    #expect(
      picked.stdout.hasPrefix("name,elevation\r\n") || picked.stdout.hasPrefix("name,elevation\n"))
    let bad = await harness.run("city", "list", "--columns", "elevaton")
    #expect(bad.exitCode == 64)
    #expect(bad.stderr.contains("'elevaton'") && bad.stderr.contains("elevation, timezone"))
  }

  @Test("a long note on a terminal wraps at spaces; in a pipe it stays one line")
  func notesWrap() async throws {
    let harness = try demoHarness()
    harness.stderrIsTTY = true
    harness.environment["COLUMNS"] = "40"
    let result = await harness.run(
      "verify", "--city", "Alpenau", "--obs", "synthetic", "--var", "weather_code", "-o",
      harness.directory.file("codes.csv"))
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count > 1)
    for line in lines { #expect(DisplayWidth.of(String(line)) <= 40, "\(line)") }
    harness.stderrIsTTY = false
    let piped = await harness.run(
      "verify", "--city", "Alpenau", "--obs", "synthetic", "--var", "weather_code", "-o",
      harness.directory.file("codes2.csv"))
    #expect(piped.stderr.split(separator: "\n").contains { DisplayWidth.of(String($0)) > 40 })
  }

  @Test("verify's comment lines on an 80-column terminal wrap at spaces; in a pipe they stay whole")
  func verifyCommentsWrap() async throws {
    let harness = try demoHarness()
    harness.stdoutIsTTY = true
    let arguments = [
      "verify", "--city", "Alpenau", "--obs", "synthetic", "--model", "best_match", "--by",
      "lead-day",
    ]
    let result = await harness.run(arguments)
    #expect(result.exitCode == 0, "\(result)")
    let comments = result.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }
    #expect(!comments.isEmpty, "\(result.stdout)")
    for line in comments { #expect(DisplayWidth.of(String(line)) <= 80, "\(line)") }
    harness.stdoutIsTTY = false
    let piped = await harness.run(arguments + ["--format", "table"])
    let whole = piped.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }
    #expect(whole.contains { DisplayWidth.of(String($0)) > 80 }, "\(piped.stdout)")
  }
}

/// Every line the demo tour, `verify`, `report` and the help topics print on an 80-column
/// terminal fits it; files and pipes keep full lines and every column.
extension TerminalWidthTests {
  /// The lines of `text` wider than `width` (ANSI colour sequences do not count). A line that
  /// is one word after its indent or `#` (a path longer than the terminal) is allowed: it stays
  /// whole so it can be copied (`WordWrap`).
  static func wide(_ text: String, width: Int = 80) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
      let words = line.split(separator: " ").filter { $0 != "#" }
      return DisplayWidth.of(Self.withoutEscapes(line)) > width && words.count > 1
    }
  }

  static func withoutEscapes(_ line: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in line.unicodeScalars {
      if inEscape {
        if scalar.properties.isAlphabetic { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  @Test("the demo tour fits an 80-column terminal; in a pipe its tables keep every column")
  func demoTourFits() async throws {
    let harness = CLIHarness()
    harness.stdoutIsTTY = true
    harness.terminalColumns = 80
    let tour = await harness.run("demo", "--db", harness.directory.file("tour.sqlite"))
    #expect(tour.exitCode == 0, "\(tour.stderr)")
    #expect(Self.wide(tour.stdout).isEmpty, "\(Self.wide(tour.stdout).joined(separator: "\n"))")
    // Commands that do not fit continue with ` \`, and tables leave columns out with a word.
    #expect(tour.stdout.contains(" \\\n    "), "\(tour.stdout.prefix(3000))")
    #expect(tour.stdout.contains("more columns at a wider terminal"))
    let piped = CLIHarness()
    let plain = await piped.run("demo", "--db", piped.directory.file("tour.sqlite"))
    #expect(plain.exitCode == 0)
    #expect(!plain.stdout.contains("more columns at a wider terminal"))
    #expect(plain.stdout.contains("  n_bs  "), "every column of the rain table in a pipe")
  }

  @Test("verify and report tables fit an 80-column terminal, with the columns left out named")
  func verifyAndReportFit() async throws {
    let harness = try demoHarness()
    harness.stdoutIsTTY = true
    harness.terminalColumns = 80
    let commands: [[String]] = [
      [
        "verify", "--city", "Alpenau", "--obs", "synthetic", "--var", "precipitation",
        "--threshold", "0.1", "--op", "gt", "--by", "lead-day",
      ],
      ["verify", "--city", "Alpenau", "--obs", "synthetic", "--by", "lead-day", "--ci"],
      [
        "verify", "--city", "Alpenau", "--compare", "best_match", "demo_model_b", "--by",
        "lead-day",
      ],
      ["report", "--list"],
      [
        "report", "data-completeness", "--city", "Alpenau", "--from", "2026-07-01", "--to",
        "2026-07-05",
      ],
    ]
    for command in commands {
      let result = await harness.run(command)
      #expect(result.exitCode == 0, "\(command)\n\(result)")
      #expect(result.stdout.split(separator: "\n").count > 3, "\(command)")
      #expect(Self.wide(result.stdout).isEmpty, "\(command)\n\(result.stdout)")
    }
    let rain = await harness.run(commands[0])
    #expect(rain.stdout.contains("more columns at a wider terminal: "), "\(rain.stdout)")
    #expect(rain.stdout.contains("bs (--columns chooses"), "the last column is named")
    harness.stdoutIsTTY = false
    let piped = await harness.run(commands[0] + ["--format", "table"])
    #expect(!piped.stdout.contains("more columns at a wider terminal"))
    #expect(piped.stdout.contains("  n_bs  "), "\(piped.stdout)")
  }

  @Test("every help topic fits 80 columns; long commands continue with a backslash")
  func helpTopicsFit() async throws {
    let harness = CLIHarness()
    harness.stdoutIsTTY = true
    harness.terminalColumns = 80
    for topic in HelpTopic.all {
      let result = await harness.run("help", topic.name)
      #expect(result.exitCode == 0, "\(topic.name)")
      #expect(Self.wide(result.stdout).isEmpty, "\(topic.name): \(Self.wide(result.stdout))")
    }
    let collecting = await harness.run("help", "collecting")
    #expect(collecting.stdout.contains("[--vars \\\n      v1,v2]"), "\(collecting.stdout)")
    let schema = await harness.run("help", "schema")
    #expect(schema.stdout.contains("(temperature_2m, \\\n"), "\(schema.stdout)")
  }
}
