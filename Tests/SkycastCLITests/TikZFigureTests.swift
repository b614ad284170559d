import Demo
import Foundation
import TestSupport
import Testing

@testable import Export

/// `--format tikz` on every command that draws a figure, on the demo database: the same texts
/// as the command's SVG, a picture that `\input`s into a plain `article` and compiles with
/// pdflatex without an error or an overfull box, a `--standalone` document that compiles
/// alone, and the usual usage errors where `svg` is refused too.
@Suite struct TikZFigureTests {
  /// One command per figure kind and figure command, on the demo's synthetic Alpenau.
  static let kinds: [(name: String, arguments: [String])] = [
    (
      "line",
      ["verify", "--city", "Alpenau", "--obs", "synthetic", "--by", "lead-day", "--by", "model"]
    ),
    (
      "band",
      [
        "verify", "--city", "Alpenau", "--obs", "synthetic", "--compare", "best_match",
        DemoDataset.secondModel, "--by", "lead-day",
      ]
    ),
    (
      "rank",
      ["verify", "--ensemble", "--city", "Alpenau", "--obs", "synthetic", "--rank-histogram"]
    ),
    (
      "reliability",
      [
        "verify", "--city", "Alpenau", "--obs", "synthetic", "--var", "precipitation",
        "--threshold", "0.1", "--op", "gt", "--reliability",
      ]
    ),
    (
      "taylor",
      ["verify", "--city", "Alpenau", "--obs", "synthetic", "--diagram", "taylor", "--by", "model"]
    ),
    (
      "performance",
      [
        "verify", "--city", "Alpenau", "--obs", "synthetic", "--var", "precipitation",
        "--threshold", "0.1", "--op", "gt", "--diagram", "performance", "--by", "lead-day",
      ]
    ),
    (
      "scorecard",
      [
        "verify", "--city", "Alpenau", "--obs", "synthetic", "--compare", "best_match",
        DemoDataset.secondModel, "--scorecard", "--vars", "temperature_2m,precipitation",
        "--by", "lead-day",
      ]
    ),
    (
      "precip",
      [
        "summary", "precip", "--city", "Alpenau", "--series", "observed:synthetic", "--from",
        "2026-07-01", "--to", "2026-07-25", "--by", "day",
      ]
    ),
    ("spark", ["spark", "--city", "Alpenau", "--from", "2026-07-13", "--to", "2026-07-26"]),
    ("runs", ["spark", "--runs", "--city", "Alpenau", "--at", "2026-07-20T12:00"]),
    ("export", ["export", "hourly", "--city", "Alpenau", "--latest"]),
    (
      "lockin",
      ["archive", "lock-in", "--city", "Alpenau", "--var", "temperature_2m", "--delta", "1"]
    ),
  ]

  /// The demo database with the clock at the demo's "now".
  static func harness() throws -> CLIHarness {
    let harness = try demoHarness()
    harness.now = Date(timeIntervalSince1970: TimeInterval(DemoDataset.clock))
    return harness
  }

  /// The character data of the SVG's `<text>` elements, unescaped, in order.
  static func svgTexts(_ svg: String) -> [String] {
    svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { match in
      String(match.output.1).replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
        .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
  }

  /// The texts of the picture's `\node`s, in order.
  static func nodeTexts(_ tikz: String) -> [String] {
    tikz.split(separator: "\n").compactMap { line in
      guard line.contains("\\node["), line.hasSuffix("};"), let open = line.range(of: ") {")
      else { return nil }
      return String(line[open.upperBound..<line.index(line.endIndex, offsetBy: -2)])
    }
  }

  @Test("every figure command writes --format tikz with the texts of its SVG, then compiles")
  func everyFigure() async throws {
    let harness = try Self.harness()
    // The SVG drawn on the canvas the picture is laid out on (11.5 cm × 9 cm in pixels).
    let pixels = [
      "--width", String(TikZRenderer.canvasWidth(centimetres: 11.5)), "--height",
      String(TikZRenderer.canvasHeight(centimetres: 9)),
    ]
    for (name, arguments) in Self.kinds {
      // A picture for \input leaves its title and subtitle to the caption.
      let svg = await harness.run(
        arguments + ["--format", "svg", "--no-title", "-o", name + ".svg"] + pixels)
      #expect(svg.exitCode == 0, "\(name): \(svg)")
      let tikz = await harness.run(
        arguments + ["--format", "tikz", "--width", "11.5", "--height", "9", "-o", name + ".tex"])
      #expect(tikz.exitCode == 0, "\(name): \(tikz)")
      #expect(!tikz.stderr.contains("xelatex"), "\(name): \(tikz.stderr)")
      let svgText = try String(
        contentsOfFile: harness.directory.file(name + ".svg"), encoding: .utf8)
      let tikzText = try String(
        contentsOfFile: harness.directory.file(name + ".tex"), encoding: .utf8)
      let texts = Self.svgTexts(svgText)
      #expect(texts.count > 5, "\(name)")
      #expect(Self.nodeTexts(tikzText) == texts.map(LaTeXText.escape), "\(name)")
      #expect(tikzText.contains("\\path["), "\(name)")
      #expect(tikzText.hasSuffix("\\end{tikzpicture}\n"), "\(name)")
    }
    // Each picture in a paragraph (after its indent) and in a centred float of an article.
    var body = ""
    for (name, _) in Self.kinds {
      body += "Figure \(name) in a paragraph:\n\n\\input{\(name).tex}\n\n"
      body += "\\begin{figure}[p]\\centering\\input{\(name).tex}\\caption{\(name)}\\end{figure}\n"
      body += "\\clearpage\n"
    }
    try """
    \\documentclass{article}
    \\usepackage[T1]{fontenc}
    \\usepackage[utf8]{inputenc}
    \\usepackage{tikz}
    \\begin{document}
    \(body)\\end{document}

    """.write(toFile: harness.directory.file("thesis.tex"), atomically: true, encoding: .utf8)
    guard let log = try await DocumentFormatTests.pdflatex("thesis.tex", in: harness.directory.path)
    else { return }
    #expect(!log.contains("\n!"), "\(log.suffix(3000))")
    #expect(!log.contains("Overfull \\hbox"), "\(log.suffix(3000))")
    #expect(log.contains("Output written"), "\(log.suffix(2000))")
  }

  /// The picture for \input leaves title and subtitle to the caption (its first comment names
  /// the figure); `--title` draws one; a standalone document keeps both, like the SVG.
  @Test("a TikZ picture draws no title unless --title; --standalone keeps title and subtitle")
  func titles() async throws {
    let harness = try Self.harness()
    let line = ["verify", "--city", "Alpenau", "--obs", "synthetic", "--by", "lead-day"]
    let picture = await harness.run(line + ["--format", "tikz"])
    #expect(picture.exitCode == 0, "\(picture)")
    let first = picture.stdout.split(separator: "\n").first ?? ""
    #expect(first.hasPrefix("% Root-mean-square error"), "\(first)")
    #expect(!Self.nodeTexts(picture.stdout).contains { $0.contains("of 2 m temper") })
    #expect(!Self.nodeTexts(picture.stdout).contains { $0.hasPrefix("Alpenau") })
    let titled = await harness.run(line + ["--format", "tikz", "--title", "RMSE in Alpenau"])
    #expect(Self.nodeTexts(titled.stdout).contains("RMSE in Alpenau"), "\(titled.stdout)")
    let document = await harness.run(line + ["--format", "tikz", "--standalone"])
    let texts = Self.nodeTexts(document.stdout)
    #expect(texts.contains { $0.contains("of 2 m temper") }, "\(texts)")
    #expect(texts.contains { $0.hasPrefix("Alpenau") }, "the subtitle: \(texts)")
  }

  @Test("--standalone gives a standalone-class document that compiles to a one-figure PDF")
  func standalone() async throws {
    let harness = try Self.harness()
    for (name, arguments) in Self.kinds where ["line", "rank", "taylor"].contains(name) {
      let file = name + "-standalone.tex"
      let result = await harness.run(
        arguments + ["--format", "tikz", "--standalone", "-o", file])
      #expect(result.exitCode == 0, "\(name): \(result)")
      let text = try String(contentsOfFile: harness.directory.file(file), encoding: .utf8)
      #expect(text.hasPrefix("\\documentclass{standalone}\n"), "\(name)")
      #expect(text.contains("\\usepackage{tikz}"))
      guard let log = try await DocumentFormatTests.pdflatex(file, in: harness.directory.path)
      else { return }
      #expect(!log.contains("\n!"), "\(name): \(log.suffix(3000))")
      #expect(
        log.contains("Output written on \(name)-standalone.pdf (1 page"), "\(log.suffix(2000))")
    }
  }

  @Test("--format tikz is refused where svg is; sizes are checked in the format's unit")
  func usage() async throws {
    let harness = try Self.harness()
    for arguments in [
      ["summary", "uv", "--city", "Alpenau"], ["verify", "--pairs", "--city", "Alpenau"],
      ["spark", "-"], ["city", "list"],
    ] {
      let svg = await harness.run(arguments + ["--format", "svg"])
      let tikz = await harness.run(arguments + ["--format", "tikz"])
      #expect(svg.exitCode == 64 && tikz.exitCode == 64, "\(arguments): \(svg) \(tikz)")
      #expect(
        tikz.stderr.replacingOccurrences(of: "tikz", with: "svg") == svg.stderr
          || tikz.stderr.contains("Usage:"), "\(arguments): \(tikz.stderr)")
    }
    let line = Self.kinds[0].arguments
    let narrow = await harness.run(line + ["--format", "tikz", "--width", "2"])
    #expect(narrow.exitCode == 64 && narrow.stderr.contains("centimetres"), "\(narrow)")
    let fraction = await harness.run(line + ["--format", "svg", "--width", "800.5"])
    #expect(fraction.exitCode == 64, "\(fraction)")
    let standalone = await harness.run(line + ["--format", "svg", "--standalone"])
    #expect(standalone.exitCode == 64 && standalone.stderr.contains("tikz"), "\(standalone)")
    let wide = await harness.run(line + ["--format", "tikz", "--width", "16"])
    #expect(wide.exitCode == 0)
    #expect(
      wide.stdout.contains("\\useasboundingbox (0,0) rectangle (546,410);"),
      "\(wide.stdout.prefix(600))")
  }

  @Test("city names full of TeX specials (and ^^M) are escaped: the standalone figure compiles")
  func hostileNames() async throws {
    let harness = CLIHarness()
    try DocumentFormatTests.writeHistory(
      harness, names: [DocumentFormatTests.hostile, "a|b {x} ~ ^^M \\ $ <c>"])
    let result = await harness.run(
      "verify", "--by", "city", "--by", "lead-day", "--source", "forecast", "--format", "tikz",
      "--standalone", "-o", "hostile.tex")
    #expect(result.exitCode == 0, "\(result)")
    let text = try String(contentsOfFile: harness.directory.file("hostile.tex"), encoding: .utf8)
    #expect(text.contains("Mean\\_temp \\& 50\\% \\#1"), "\(text)")
    guard
      let log = try await DocumentFormatTests.pdflatex("hostile.tex", in: harness.directory.path)
    else { return }
    #expect(!log.contains("\n!"), "\(log.suffix(3000))")
    #expect(log.contains("Output written on hostile.pdf (1 page"), "\(log.suffix(2000))")
  }

  @Test("a CJK city name in a TikZ figure gets the LaTeX tables' warning")
  func cjkWarning() async throws {
    let harness = try Self.harness()
    let result = await harness.run(
      "verify", "--city", "北港", "--obs", "synthetic", "--by", "lead-day", "--format", "tikz",
      "--standalone")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.contains("北港"))
    #expect(result.stderr.contains("xelatex") && result.stderr.contains("北"), "\(result.stderr)")
  }
}
