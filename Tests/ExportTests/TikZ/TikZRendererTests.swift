import Foundation
import Testing

@testable import Export

/// `--format tikz`: the TikZ picture of a figure holds the same texts, shapes and points as its
/// SVG (both rendered from one ``Drawing``), in plain TikZ with no font commands, exactly the
/// chosen width, colours named once; a few pictures are kept as golden files.
///
/// Regenerate the goldens after an intended change, then compile and look at them:
///
///     SKYCAST_UPDATE_GOLDEN=1 swift test --filter TikZRendererTests
@Suite struct TikZRendererTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  // MARK: - Reading the two renderings back

  /// The texts of the picture's `\node`s, in order.
  static func nodeTexts(_ tikz: String) -> [String] {
    tikz.split(separator: "\n").compactMap { line in
      let line = line.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("\\node["), line.hasSuffix("};"), let open = line.range(of: ") {")
      else { return nil }
      return String(line[open.upperBound..<line.index(line.endIndex, offsetBy: -2)])
    }
  }

  /// The picture's statements, one per entry: a long path's continuation lines joined to
  /// its first line.
  static func statements(_ tikz: String) -> [String] {
    var statements: [String] = []
    var current = ""
    for line in tikz.split(separator: "\n") {
      let line = line.trimmingCharacters(in: .whitespaces)
      if !current.isEmpty {
        current += " " + line
      } else if ["\\path", "\\clip", "\\draw", "\\fill"].contains(where: line.hasPrefix) {
        current = line
      } else {
        statements.append(line)
        continue
      }
      if current.hasSuffix(";") {
        statements.append(current)
        current = ""
      }
    }
    return statements
  }

  /// The picture's `\path` statements (one per drawn SVG shape), in order.
  static func paths(_ tikz: String) -> [String] {
    statements(tikz).filter { $0.hasPrefix("\\path[") }
  }

  /// The shapes an SVG document paints (a solid fill or a stroke; hatch-only fills and
  /// invisible tooltip targets excluded), in document order, read with an XML parser.
  static func paintedShapes(_ svg: String) throws -> [SVGNode] {
    let root = try XMLTreeBuilder.parse(svg)
    var shapes: [SVGNode] = []
    func visit(_ node: SVGNode, fill: String, fillOpacity: Double, stroke: String) {
      if ["defs", "clipPath", "pattern", "title", "desc"].contains(node.name) { return }
      let fill = node.attributes["fill"] ?? fill
      let fillOpacity = node.attributes["fill-opacity"].flatMap(Double.init) ?? fillOpacity
      let stroke = node.attributes["stroke"] ?? stroke
      if ["path", "rect", "circle", "line", "polyline", "polygon"].contains(node.name) {
        let solid = fill != "none" && !fill.hasPrefix("url(") && fillOpacity > 0
        if solid || stroke != "none" { shapes.append(node) }
      }
      for child in node.children {
        visit(child, fill: fill, fillOpacity: fillOpacity, stroke: stroke)
      }
    }
    visit(root, fill: "#000000", fillOpacity: 1, stroke: "none")
    return shapes
  }

  /// The vertices of a straight SVG outline: one per `M L H V` command, four for a rectangle;
  /// nil for outlines with curves or arcs (markers).
  static func vertices(_ shape: SVGNode) -> Int? {
    if shape.name == "rect" { return 4 }
    guard shape.name == "path", let data = shape.attributes["d"],
      !data.contains(where: { "AaCcQqSsTt".contains($0) })
    else { return nil }
    return data.filter { "MLHVmlhv".contains($0) }.count
  }

  // MARK: - Same figure in both formats

  @Test(
    "each figure kind's TikZ picture has the SVG's texts, shapes and line points",
    arguments: 0..<TikZFigureKinds.all.count)
  func sameFigure(index: Int) throws {
    let (name, make) = TikZFigureKinds.all[index]
    let drawing = try #require(make(), "\(name)")
    let svg = drawing.svg()
    let tikz = TikZRenderer().render(drawing)

    let svgTexts = try XMLTreeBuilder.parse(svg).texts
    #expect(!svgTexts.isEmpty)
    #expect(Self.nodeTexts(tikz) == svgTexts.map(LaTeXText.escape), "\(name)")

    let shapes = try Self.paintedShapes(svg)
    let paths = Self.paths(tikz)
    #expect(paths.count == shapes.count, "\(name): \(paths.count) paths, \(shapes.count) shapes")
    for (shape, path) in zip(shapes, paths) {
      guard let count = Self.vertices(shape) else {
        #expect(path.hasSuffix("-- cycle;"), "\(name): a marker is a closed outline: \(path)")
        continue
      }
      let coordinates = path.components(separatedBy: "(").count - 1
      #expect(coordinates == count, "\(name): \(shape.attributes) → \(path)")
    }
  }

  @Test("a picture is plain TikZ: no font commands, exact width, colours named once")
  func plainTikZ() throws {
    for (name, make) in TikZFigureKinds.all {
      let drawing = try #require(make())
      let tikz = TikZRenderer(widthCentimetres: 9).render(drawing)
      for command in [
        "\\fontsize", "\\selectfont", "\\bfseries", "\\sffamily", "\\textbf", "\\small",
        "\\large", "\\footnotesize", "\\tiny", "\\itshape", "font=", "pgfplots", "\\usetikzlibrary",
      ] {
        #expect(!tikz.contains(command), "\(name): \(command)")
      }
      let lines = tikz.split(separator: "\n").map(String.init)
      #expect(lines.contains { $0.hasPrefix("\\begin{tikzpicture}[x=") })
      #expect(lines.last == "\\end{tikzpicture}")
      // x unit × canvas width = 9 cm.
      let unit = try #require(
        lines.first { $0.hasPrefix("\\begin{tikzpicture}") }?
          .split(separator: "=")[1].split(separator: "c").first.flatMap { Double($0) })
      #expect(abs(unit * drawing.width - 9) < 0.001, "\(name)")
      let box = "\\useasboundingbox (0,0) rectangle (" + SVGWriter.number(drawing.width) + ","
      #expect(lines.contains { $0.hasPrefix(box) }, "\(name)")
      let defined = lines.filter { $0.hasPrefix("\\definecolor{") }
      #expect(Set(defined).count == defined.count)
      for line in lines where !line.hasPrefix("\\definecolor") {
        for match in line.matches(of: /skycast[A-Z]+/) {
          #expect(
            defined.contains { $0.hasPrefix("\\definecolor{" + match.output + "}") },
            "\(name): \(match.output) used but not defined")
        }
      }
      #expect(!tikz.contains("#"), "\(name): colours are named, not written as hex")
    }
  }

  @Test("--standalone wraps the picture in a standalone-class document that loads tikz")
  func standalone() throws {
    let drawing = try #require(TikZFigureKinds.all[0].drawing())
    let document = TikZRenderer(standalone: true).render(drawing)
    #expect(document.hasPrefix("\\documentclass{standalone}\n"))
    #expect(document.contains("\\usepackage{tikz}\n\\begin{document}\n"))
    #expect(document.hasSuffix("\\end{tikzpicture}\n\\end{document}\n"))
    #expect(document.contains(TikZRenderer().render(drawing)))
  }

  @Test("tooltips, <title> and <desc> are not drawn; the attribution is")
  func notDrawn() throws {
    let chart = SampleCharts.leadDayRMSE
    let drawing = chart.drawing()
    let tikz = TikZRenderer().render(drawing)
    #expect(drawing.svg().contains("<title>best_match"))
    #expect(!tikz.contains("n = "))
    #expect(tikz.contains("{" + LaTeXText.escape(ChartText.openMeteoAttribution) + "}"))
  }

  // MARK: - Paths

  @Test("SVG path data becomes TikZ paths: absolute, relative, implicit lines, arcs as curves")
  func paths() {
    #expect(TikZPath(svg: "M0,0H10V5Z").tikz == "(0,0) -- (10,0) -- (10,5) -- cycle")
    #expect(TikZPath(svg: "m1,1l2,0h1v1z").tikz == "(1,1) -- (3,1) -- (4,1) -- (4,2) -- cycle")
    #expect(TikZPath(svg: "M0,0 10,0 10,10").tikz == "(0,0) -- (10,0) -- (10,10)")
    let circle = TikZPath(svg: "M0,0a4,4 0 1,0 8,0a4,4 0 1,0 -8,0Z")
    // Each half circle is two quarter-circle Béziers ending on the circle.
    #expect(circle.segments.count == 6)
    if case .curve(_, _, _, _, let x, let y) = circle.segments[2] {
      #expect(abs(x - 8) < 1e-9 && abs(y) < 1e-9)
    } else {
      Issue.record("the arc ends in a curve")
    }
    let bounds = circle.bounds
    #expect(bounds.map { abs($0.maxY - 4) < 0.01 && abs($0.minY + 4) < 0.01 } == true)
  }

  // MARK: - Goldens

  static let goldens: [(file: String, kind: String)] = [
    ("line.tex", "line"), ("bars.tex", "bars"), ("band.tex", "band"),
    ("taylor.tex", "taylor"), ("scorecard.tex", "scorecard"),
  ]

  @Test("TikZ pictures match their golden files", arguments: 0..<goldens.count)
  func golden(index: Int) throws {
    let (file, kind) = Self.goldens[index]
    let make = try #require(TikZFigureKinds.all.first { $0.name == kind }?.drawing)
    let tikz = TikZRenderer().render(try #require(make()))
    let url = Self.directory.appendingPathComponent(file)
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["SKYCAST_UPDATE_GOLDEN"] == "1", stored != tikz {
      try FileManager.default.createDirectory(
        at: Self.directory, withIntermediateDirectories: true)
      try Data(tikz.utf8).write(to: url)
    }
    let expected = try #require(stored, "missing \(file); run with SKYCAST_UPDATE_GOLDEN=1")
    #expect(tikz == expected, "\(file) differs from the golden file")
  }
}
