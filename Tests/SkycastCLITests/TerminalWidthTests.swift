import Export
import Foundation
import TestSupport
import Testing

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
