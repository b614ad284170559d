import Foundation
import TestSupport
import Testing

/// The README walkthrough's analysis commands (verify, spark, summary, report, export, sql,
/// archive) print real numbers on the demo database exactly as the README prints them: the
/// walkthrough names the demo's places, dates and sources (Alpenau, 北港, July 2026,
/// demo_provider); its network steps run against the fake in `ReadmeCommandTests`.
@Suite struct DemoWalkthroughTests {
  static let analysis: Set<String> = [
    "verify", "spark", "summary", "report", "export", "sql", "archive",
  ]

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

  @Test("every walkthrough analysis command prints real numbers on the demo database")
  func walkthroughOnDemo() async throws {
    let commands = try Self.walkthroughCommands()
    #expect(commands.count >= 16, "\(commands)")
    #expect(
      !commands.contains { $0.words.contains("Berlin") || $0.words.contains("previous-runs") },
      "the walkthrough's analysis steps name the demo's places and sources")
    let harness = try demoHarness()
    harness.environment["COLUMNS"] = "200"
    for command in commands {
      let words = command.words
      let result = await harness.run(words)
      #expect(result.exitCode == 0, "\(command)\n\(result)")
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
        hasNumbers, "\(lines.count) lines, \(rows.count) rows: \(command)\n\(result)")
      for empty in ["nothing stored", "no pairs", "no forecasts", "no rows", "empty"] {
        #expect(!result.stderr.contains(empty), "\(command)\n\(result)")
      }
    }
  }
}
