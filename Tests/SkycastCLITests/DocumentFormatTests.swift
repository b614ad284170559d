import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// `--format latex` and `--format markdown` on every command that prints a table: escaping,
/// balanced braces, intervals, captions, and a `pdflatex` compile where TeX is installed.
@Suite struct DocumentFormatTests {
  static let hostile = "Mean_temp & 50% #1"

  /// The study set with a hostile city name (city 1) and a city called `a|b {x}` (city 2).
  static func writeHistory(
    _ harness: CLIHarness, days: Int = 6, names: [String] = [hostile, "a|b {x} ~ ^ \\ $"]
  ) throws {
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, names[0])
    try writer.city(2, names[1])
    var random = SplitMix64(seed: 3)
    for day in 0..<days {
      for city in [Int64(1), 2] {
        for hourOfDay in [Int64(6), 12, 18] {
          let validAt = march1 + Int64(day) * 86_400 + hourOfDay * hour
          let observed = 5 + random.nextGaussian()
          try writer.observation(
            city: city, validAt: validAt,
            ["temperature_2m": observed, "precipitation": max(0, random.nextGaussian())])
          try writer.forecast(
            city: city, issuedAt: validAt - 30 * hour, lead: 30,
            [
              "temperature_2m": observed + random.nextGaussian(), "precipitation": 0.2,
              "precipitation_probability": Double(Int(random.nextUniform() * 100)),
              "relative_humidity_2m": 70, "wind_speed_10m": 10, "uv_index": 2,
            ])
          try writer.forecast(
            city: city, model: "other", issuedAt: validAt - 30 * hour, lead: 30,
            ["temperature_2m": observed + 2 * random.nextGaussian()])
        }
      }
    }
  }

  /// Every tabular command line, with what its output must contain.
  static let commands: [[String]] = [
    ["verify", "--by", "city", "--source", "forecast"],
    ["verify", "--by", "city", "--source", "forecast", "--ci", "--bootstrap", "200"],
    ["verify", "--by", "city", "--revisions"],
    ["verify", "--pairs", "--source", "forecast"],
    ["verify", "--compare", "best_match", "other", "--by", "city", "--bootstrap", "200"],
    ["verify", "--reliability", "--by", "city"],
    ["verify", "--reliability", "--bins"],
    ["summary", "precip", "--from", "2026-03-01", "--to", "2026-03-07", "--by", "month"],
    ["summary", "uv", "--from", "2026-03-01", "--to", "2026-03-07"],
    ["summary", "feels-like", "--from", "2026-03-01", "--to", "2026-03-07", "--by", "period"],
    ["report", "forecast-error-by-lead-day"],
    ["report", "--list"],
    ["sql", "SELECT name, id, 1.5 AS x, -2 AS y FROM cities ORDER BY id"],
    ["export", "hourly", "--latest"],
    ["export", "cities"],
    ["city", "list"],
    ["vars"],
  ]

  /// True when `{` and `}` not escaped by a backslash balance and never close more than open.
  static func bracesBalance(_ text: String) -> Bool {
    var depth = 0
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
        continue
      }
      switch character {
      case "\\": escaped = true
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth < 0 { return false }
      default: break
      }
    }
    return depth == 0
  }

  @Test("every tabular command writes a booktabs table float with balanced braces and escaping")
  func latexEverywhere() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    for command in Self.commands {
      let result = await harness.run(command + ["--format", "latex"])
      #expect(result.exitCode == 0, "\(command): \(result)")
      let text = result.stdout
      #expect(text.hasPrefix("\\begin{table}[htbp]\n"), "\(command)")
      #expect(text.hasSuffix("\\end{table}\n"), "\(command)")
      for piece in ["\\toprule", "\\midrule", "\\bottomrule", "\\caption", "\\label{tab:skycast-"] {
        #expect(text.contains(piece), "\(command): \(piece)")
      }
      #expect(Self.bracesBalance(text), "\(command)\n\(text)")
      #expect(text.contains("Open-Meteo.com (CC BY 4.0)"), "\(command): attribution in the caption")
      #expect(!text.contains(Self.hostile), "\(command): unescaped name")
      // Every unescaped & separates columns: the same count on every body line.
      let rows = text.split(separator: "\n").filter { $0.hasSuffix("\\\\") }
      let separators = Set(
        rows.map { $0.replacingOccurrences(of: "\\&", with: "").count { $0 == "&" } })
      #expect(separators.count == 1, "\(command): \(separators)")
    }
    let cities = await harness.run("city", "list", "--format", "latex")
    #expect(cities.stdout.contains("Mean\\_temp \\& 50\\% \\#1"), "\(cities)")
    #expect(
      cities.stdout.contains(
        "a\\textbar{}b \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\$"),
      "\(cities)")
  }

  @Test("LaTeX numbers are right-aligned and rounded as the table view; intervals in brackets")
  func latexNumbers() async throws {
    let harness = CLIHarness()
    // 12 days: enough for an interval (10 days and 3 blocks).
    try Self.writeHistory(harness, days: 12)
    let sql = await harness.run(
      "sql", "SELECT name, 1.23456 AS x, -2 AS y FROM cities ORDER BY id", "--format", "latex")
    #expect(sql.stdout.contains("\\begin{tabular}{lrr}"), "\(sql)")
    #expect(sql.stdout.contains(" & 1.235 & $-$2 \\\\"), "\(sql)")
    // One model: the history's source holds two, which would add a model column.
    let verify = await harness.run(
      "verify", "--source", "forecast", "--model", "best_match", "--ci", "--bootstrap", "200",
      "--format", "latex")
    // The values on one line, their intervals in a smaller size on the line below.
    let lines = verify.stdout.split(separator: "\n")
    let values = try #require(lines.firstIndex { $0.contains("\\\\") && !$0.contains("Bias") })
    #expect(
      lines[values].range(of: #"^ +\d+ & (\$-\$)?\d+\.\d{3} & "#, options: .regularExpression)
        != nil, "\(lines[values])")
    #expect(
      lines[values + 1].range(
        of: #"\{\\footnotesize \[(\$-\$)?\d+\.\d{3}, (\$-\$)?\d+\.\d{3}\]\}"#,
        options: .regularExpression) != nil, "\(lines[values + 1])")
    #expect(
      verify.stdout.contains("RMSE (\\ensuremath{^{\\circ}}C)"), "words and units in the header")
    #expect(verify.stdout.contains("\\begin{tabular}{rrrrrrl}"), "\(verify)")
    #expect(!verify.stdout.contains("rmse\\_lo"), "intervals are merged into their score")
  }

  @Test("Markdown: the comment as a paragraph, pipe table with alignment row, escaping")
  func markdown() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    for command in Self.commands {
      let result = await harness.run(command + ["--format", "markdown"])
      #expect(result.exitCode == 0, "\(command): \(result)")
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let header = try #require(lines.firstIndex { $0.hasPrefix("| ") }, "\(command)")
      let alignment = lines[header + 1]
      #expect(alignment.hasPrefix("| ") && alignment.contains("---"), "\(command)")
      let columns = alignment.split(separator: "|").count
      for line in lines[header...] where line.hasPrefix("|") {
        let unescaped = line.replacingOccurrences(of: "\\|", with: "").count { $0 == "|" }
        #expect(unescaped == columns + 1, "\(command): \(line)")
      }
      if header > 0 { #expect(lines[header - 1].isEmpty, "a blank line after the comment") }
    }
    let cities = await harness.run("city", "list", "--format", "markdown")
    #expect(cities.stdout.contains("Mean\\_temp \\& 50% \\#1"), "\(cities)")
    #expect(cities.stdout.contains("a\\|b {x} \\~ ^ \\\\ \\$"), "\(cities)")
    let verify = await harness.run(
      "verify", "--source", "forecast", "--by", "city", "--format", "markdown")
    #expect(verify.stdout.hasPrefix("temperature\\_2m (°C): forecast vs era5 observations"))
    #expect(verify.stdout.contains("| :--- | ---: | ---: | ---: | ---: | ---: |"), "\(verify)")
  }

  @Test("--standalone makes a compilable document; pdflatex compiles it where TeX is installed")
  func standaloneCompiles() async throws {
    let harness = CLIHarness()
    try Self.writeHistory(harness)
    var files: [String] = []
    for (index, command) in [
      ["verify", "--by", "city", "--ci", "--bootstrap", "200"],
      ["verify", "--compare", "best_match", "other", "--by", "city", "--bootstrap", "200"],
      ["verify", "--reliability", "--by", "city"], ["city", "list"],
      ["sql", "SELECT name AS \"x_1 & y\", 2.5 AS \"50%\" FROM cities"],
    ].enumerated() {
      let name = "table\(index).tex"
      let result = await harness.run(command + ["--format", "latex", "--standalone", "-o", name])
      #expect(result.exitCode == 0, "\(command): \(result)")
      let text = try String(contentsOfFile: harness.directory.file(name), encoding: .utf8)
      #expect(text.hasPrefix("\\documentclass{article}\n"))
      #expect(text.contains("\\usepackage{booktabs}"))
      #expect(text.hasSuffix("\\end{document}\n"))
      #expect(Self.bracesBalance(text))
      files.append(name)
    }
    let usage = await harness.run("city", "list", "--standalone", "--format", "markdown")
    #expect(usage.exitCode == 64)
    guard
      let pdflatex = [
        "/usr/bin/pdflatex", "/usr/local/bin/pdflatex", "/Library/TeX/texbin/pdflatex",
      ]
      .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      print("note: pdflatex is not installed; the LaTeX compile check is skipped")
      return
    }
    for name in files {
      let process = try await Subprocess.run(
        pdflatex, ["-interaction=nonstopmode", "-halt-on-error", name],
        directory: harness.directory.path)
      let log =
        (try? String(
          contentsOfFile: harness.directory.file(
            name.replacingOccurrences(of: ".tex", with: ".log")), encoding: .utf8)) ?? ""
      #expect(process.status == 0, "\(name): \(log.suffix(1500))")
      #expect(
        FileManager.default.fileExists(
          atPath: harness.directory.file(name.replacingOccurrences(of: ".tex", with: ".pdf"))))
    }
  }

  /// Runs pdflatex on `name` in `directory` and returns its log; nil (with a note) where TeX
  /// is not installed.
  static func pdflatex(_ name: String, in directory: String) async throws -> String? {
    guard
      let pdflatex = [
        "/usr/bin/pdflatex", "/usr/local/bin/pdflatex", "/Library/TeX/texbin/pdflatex",
      ]
      .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      print("note: pdflatex is not installed; the LaTeX compile check is skipped")
      return nil
    }
    _ = try await Subprocess.run(
      pdflatex, ["-interaction=nonstopmode", "-halt-on-error", name], directory: directory)
    return
      (try? String(
        contentsOfFile: (directory as NSString).appendingPathComponent(
          name.replacingOccurrences(of: ".tex", with: ".log")), encoding: .utf8)) ?? ""
  }
}
