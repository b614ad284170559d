import Foundation
import TestSupport
import Testing

/// The README walkthrough's analysis commands (verify, spark, summary, report, export, sql)
/// print real numbers on the demo database, with the demo's places, dates and second source in
/// place of the walkthrough's (the rule the README states): Berlin → Alpenau, Beijing → 北港,
/// every --from/--to/--at → the demo's July 2026, previous-runs → demo_provider.
@Suite struct DemoWalkthroughTests {
  static let analysis: Set<String> = ["verify", "spark", "summary", "report", "export", "sql"]

  /// The walkthrough's analysis commands, as the README prints them.
  static func walkthroughCommands() throws -> [ReadmeCommandTests.Command] {
    let text = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("## A thesis in ten commands") })
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
    return try ReadmeCommandTests.commands(in: "README.md").filter {
      $0.line > start && $0.line <= end && analysis.contains($0.words.first ?? "")
    }
  }

  /// The demo's counterpart of a walkthrough command.
  static func onDemo(_ words: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      let next = index + 1 < words.count ? words[index + 1] : nil
      switch (word, next) {
      case ("--city", "Berlin"): result += ["--city", "Alpenau"]
      case ("--city", "Beijing"): result += ["--city", "北港"]
      case ("--from", _): result += ["--from", "2026-07-01"]
      case ("--to", _): result += ["--to", "2026-07-25"]
      case ("--at", _): result += ["--at", "2026-07-20T12:00"]
      default:
        result.append(word == "previous-runs" ? "demo_provider" : word)
        index += 1
        continue
      }
      index += 2
    }
    return result
  }

  @Test("every walkthrough analysis command prints real numbers on the demo database")
  func walkthroughOnDemo() async throws {
    let commands = try Self.walkthroughCommands()
    #expect(commands.count >= 12, "\(commands)")
    let harness = try demoHarness()
    harness.environment["COLUMNS"] = "200"
    for command in commands {
      let words = Self.onDemo(command.words)
      let result = await harness.run(words)
      #expect(result.exitCode == 0, "\(command)\n→ \(words)\n\(result)")
      var output = result.stdout
      if let flag = words.firstIndex(where: { $0 == "-o" || $0 == "--output" }),
        flag + 1 < words.count
      {
        output =
          (try? String(contentsOfFile: harness.directory.file(words[flag + 1]), encoding: .utf8))
          ?? ""
      }
      // Real numbers: a line after the first (a header, or a comment) holds a number (a list
      // only has to list something), and nothing says the selection was empty.
      // CSV lines end in CRLF, one Character in Swift: split on any newline.
      let lines = output.split(whereSeparator: \.isNewline)
      let rows = lines.dropFirst().filter { line in
        line.unicodeScalars.contains { $0.properties.numericType != nil }
      }
      let hasNumbers = words.contains("--list") ? !lines.isEmpty : !rows.isEmpty
      #expect(
        hasNumbers, "\(lines.count) lines, \(rows.count) rows: \(command)\n→ \(words)\n\(result)")
      for empty in ["nothing stored", "no pairs", "no forecasts", "no rows", "empty"] {
        #expect(!result.stderr.contains(empty), "\(command)\n→ \(words)\n\(result)")
      }
    }
  }
}
