import Foundation
import TestSupport
import Testing

@testable import SkycastModel

/// Tables a thesis takes as they are (issue: straight into the thesis): words and units over
/// the columns, constant columns said once in the caption, `--caption`/`--label`, the method in
/// a note, `--columns` to choose, a warning for text pdflatex cannot set; one golden per
/// verify table kind in LaTeX and Markdown, and the widest table inside a portrait
/// `\textwidth` once its columns are chosen.
@Suite struct ThesisTableTests {
  static let kinds: [(String, [String])] = [
    ("scores", ["verify", "--by", "city", "--source", "forecast", "--ci", "--bootstrap", "200"]),
    (
      "threshold",
      [
        "verify", "--var", "precipitation", "--threshold", "0.1", "--by", "city", "--source",
        "forecast",
      ]
    ),
    (
      "compare",
      ["verify", "--compare", "best_match", "other", "--by", "city", "--bootstrap", "200"]
    ),
    ("reliability", ["verify", "--reliability", "--by", "city"]),
    ("revisions", ["verify", "--revisions", "--by", "city"]),
  ]

  @Test("one golden per verify table kind, LaTeX and Markdown", arguments: ["latex", "markdown"])
  func goldens(format: String) async throws {
    let harness = CLIHarness()
    try DocumentFormatTests.writeHistory(harness)
    for (kind, command) in Self.kinds {
      let result = await harness.run(command + ["--format", format])
      #expect(result.exitCode == 0, "\(kind): \(result)")
      let file = "thesis-\(kind).\(format == "latex" ? "tex" : "md")"
      let stored = GoldenText.stored(file, updatingWith: result.stdout)
      #expect(result.stdout == stored, "\(file) differs:\n\(result.stdout)")
      #expect(!result.stdout.contains("lead\\_day") && !result.stdout.contains("| corr"))
    }
  }

  @Test("headers are words with units; constant columns go to the caption; caption and label")
  func captionAndHeaders() async throws {
    let harness = CLIHarness()
    try DocumentFormatTests.writeHistory(harness)
    let result = await harness.run(
      "verify", "--var", "precipitation", "--threshold", "0.1", "--by", "city", "--source",
      "forecast", "--format", "latex", "--caption", "Rain -- by city", "--label", "tab:rain")
    #expect(result.exitCode == 0, "\(result)")
    let text = result.stdout
    #expect(
      text.contains(
        "\\caption[Rain -{}- by city]{Rain -{}- by city. Threshold (mm): 0.100. Event: ge.}"),
      "\(text)")
    #expect(text.contains("\\label{tab:rain}"))
    #expect(
      text.contains("City & n & Bias (mm) & MAE (mm) & RMSE (mm) & Correlation & Hits"), "\(text)")
    #expect(!text.contains("Threshold (mm) &"), "the constant column is not repeated per row")
    #expect(text.contains("{\\footnotesize\\raggedright Note: "), "the method below the table")
    let lines = text.split(separator: "\n")
    let caption = try #require(lines.first { $0.contains("\\caption") })
    #expect(caption.count < 200, "a short caption: \(caption)")
  }

  @Test("--columns keeps a score with its interval; an unknown column is a usage error")
  func columns() async throws {
    let harness = CLIHarness()
    try DocumentFormatTests.writeHistory(harness)
    let result = await harness.run(
      "verify", "--by", "city", "--source", "forecast", "--ci", "--bootstrap", "200",
      "--columns", "city,rmse", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    // The source holds two models: the model key column, not named, is kept in front.
    #expect(
      result.stdout.split(separator: "\n").first?.hasPrefix("model,city,rmse,rmse_lo,rmse_hi")
        == true, "\(result.stdout.prefix(200))")
    let bad = await harness.run("verify", "--by", "city", "--columns", "rmsd")
    #expect(bad.exitCode == 64)
    #expect(bad.stderr.contains("'rmsd'") && bad.stderr.contains("rmse"), "\(bad)")
  }

  @Test("text pdflatex cannot set (北港) gets a warning naming the engine to use")
  func unicodeWarning() async throws {
    let harness = CLIHarness()
    let writer = HistoryWriter(store: try harness.store())
    try writer.city(1, "北港")
    let result = await harness.run("city", "list", "--format", "latex")
    #expect(result.exitCode == 0)
    #expect(result.stderr.contains("xelatex") && result.stderr.contains("北"), "\(result)")
    let latin = await harness.run("city", "list", "--format", "csv")
    #expect(!latin.stderr.contains("xelatex"))
  }

  @Test("the widest verify table fits a portrait \\textwidth once its columns are chosen")
  func widestFits() async throws {
    let harness = CLIHarness()
    try DocumentFormatTests.writeHistory(
      harness, days: 12, names: ["Garmisch-Partenkirchen", "Frankfurt am Main"])
    let result = await harness.run(
      // One forecast system (the history holds two, and several get a `model` key column).
      "verify", "--var", "precipitation", "--threshold", "0.1", "--by", "city", "--source",
      "forecast", "--model", "best_match", "--ci", "--bootstrap", "200", "--columns",
      "city,n,rmse,ets,pod,far,bs",
      "--format", "latex", "-o", "wide.tex")
    #expect(result.exitCode == 0, "\(result)")
    let table = try String(contentsOfFile: harness.directory.file("wide.tex"), encoding: .utf8)
    #expect(table.contains("RMSE (mm) & ETS & POD & FAR & BS"), "\(table)")
    try """
    \\documentclass{article}
    \\usepackage[T1]{fontenc}
    \\usepackage[utf8]{inputenc}
    \\usepackage{booktabs}
    \\begin{document}
    \\input{wide.tex}
    \\end{document}

    """.write(toFile: harness.directory.file("thesis.tex"), atomically: true, encoding: .utf8)
    guard let log = try await DocumentFormatTests.pdflatex("thesis.tex", in: harness.directory.path)
    else { return }
    #expect(!log.contains("Overfull \\hbox"), "\(table)")
    #expect(log.contains("Output written"), "\(log.suffix(2000))")
  }
}
