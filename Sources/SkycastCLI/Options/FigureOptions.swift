import Export
import SkycastModel

extension SharedOptions {
  /// `--title` and `--no-title` for commands that draw `--format svg` figures.
  static let figureTitle: [OptionSpec] = [title.spec, noTitle.spec]

  static let title = Option<String?>.text(
    "title", value: "text",
    help: "With --format svg or tikz: this title instead of the automatic one.")
  static let noTitle = Flag(
    "no-title",
    help:
      "With --format svg or tikz: no title or subtitle (a LaTeX or Word caption replaces them).")

  /// `--width` of the figure: pixels with `--format svg`, centimetres with `--format tikz`.
  static let figureWidth = Option<Double?>.number(
    "width", value: "size",
    help:
      "Figure width: pixels with --format svg (320 to 10000), centimetres with --format tikz (4 to 60).",
    in: 1...10_000, shown: "800 px; tikz 11.5 cm")

  /// `--height` of the figure: pixels with `--format svg`, centimetres with `--format tikz`.
  static let figureHeight = Option<Double?>.number(
    "height", value: "size",
    help:
      "Figure height: pixels with --format svg (200 to 10000), centimetres with --format tikz (3 to 60).",
    in: 1...10_000, shown: "450 px; tikz 3/4 of the width")

  /// `--width`, `--height`, `--title` and `--no-title` for commands whose only use of a width is
  /// the figure.
  static let figure: [OptionSpec] =
    [figureWidth.spec, figureHeight.spec] + figureTitle
}

extension Invocation {
  /// `--title TEXT`, `--no-title` or neither; both at once is a usage error.
  ///
  /// A TikZ picture for `\input` draws no title or subtitle unless `--title` gives one: in a
  /// thesis the `\caption` carries them, and at a text width of 10 pt labels a long subtitle
  /// would leave the plot a thin strip. The title stays in the picture's first comment line;
  /// `--standalone` (a document of its own) keeps both.
  func figureTitle() throws -> FigureTitle {
    let text = self[SharedOptions.title]
    if self[SharedOptions.noTitle] {
      guard text == nil else { throw usage("--title and --no-title cannot be combined") }
      return .none
    }
    if text == nil, formatChoice == .tikz, !self[SharedOptions.standalone] { return .none }
    return text.map { .custom($0) } ?? .automatic
  }

  /// The canvas the figure is laid out on, in pixels: `--width` and `--height` in pixels with
  /// `--format svg` (`defaultWidth` × `defaultHeight` unless given); with `--format tikz` in
  /// centimetres (11.5 cm wide unless given, high in the default proportion but at least 3/4 of
  /// the width), turned into the
  /// pixels at which the layout's 12 px labels are as large as 10 pt text
  /// (``TikZRenderer/canvasWidth(centimetres:)``).
  func figureSize(defaultWidth: Int = 800, defaultHeight: Int = 450) throws -> (
    width: Int, height: Int
  ) {
    if formatChoice == .svg, self[SharedOptions.standalone] {
      throw usage("--standalone makes a LaTeX document; use it with --format latex or tikz")
    }
    let width = try self[SharedOptions.figureWidth]
    let height = try self[SharedOptions.figureHeight]
    if formatChoice == .tikz {
      let centimetres = width ?? TikZRenderer.defaultWidthCentimetres
      try checkFigureSize(centimetres, option: "width", range: 4...60, unit: "centimetres")
      let pixels = TikZRenderer.canvasWidth(centimetres: centimetres)
      guard let height else {
        // At most 4:3: at a text width the labels, legend and titles take a larger share of
        // the canvas than on an 800 px SVG, and a 16:9 plot would be left thin.
        let ratio = max(Double(defaultHeight) / Double(defaultWidth), 0.75)
        return (pixels, Int((Double(pixels) * ratio).rounded()))
      }
      try checkFigureSize(height, option: "height", range: 3...60, unit: "centimetres")
      return (pixels, TikZRenderer.canvasHeight(centimetres: height))
    }
    try width.map { try checkFigureSize($0, option: "width", range: 320...10_000, unit: nil) }
    try height.map { try checkFigureSize($0, option: "height", range: 200...10_000, unit: nil) }
    return (width.map { Int($0) } ?? defaultWidth, height.map { Int($0) } ?? defaultHeight)
  }

  /// Checks `--width`, `--height` and `--standalone` of a figure in the unit of its format
  /// before the command runs, so a bad size is a usage error before anything is opened.
  func validateFigureSize() throws {
    guard formatChoice?.isFigure == true,
      isGiven(SharedOptions.figureWidth) || isGiven(SharedOptions.figureHeight)
        || self[SharedOptions.standalone]
    else { return }
    _ = try figureSize()
  }

  /// Refuses a `--width` or `--height` outside `range`, or not whole pixels.
  private func checkFigureSize(
    _ value: Double, option: String, range: ClosedRange<Double>, unit: String?
  ) throws {
    let spec = option == "width" ? SharedOptions.figureWidth.spec : SharedOptions.figureHeight.spec
    let text = texts(spec).last ?? Option<Double>.written(value)
    if unit == nil, value != value.rounded() {
      throw invalidValue(text, for: option, expected: "a whole number of pixels")
    }
    guard range.contains(value) else {
      let low = Option<Double>.written(range.lowerBound)
      let high = Option<Double>.written(range.upperBound)
      throw invalidValue(
        text, for: option,
        expected: "a number from \(low) to \(high)" + (unit.map { " (\($0))" } ?? ""))
    }
  }

  /// Writes `drawing` as the figure format chosen: SVG, or TikZ `--width` centimetres wide
  /// (a `standalone` document with `--standalone`). A TikZ figure whose text pdflatex cannot
  /// typeset (CJK names) gets the warning the LaTeX tables give.
  func writeFigure(_ drawing: Drawing?, to output: TextOutput) throws {
    guard let drawing else { return }
    guard formatChoice == .tikz else {
      try output.write(drawing.svg())
      return
    }
    let centimetres =
      try self[SharedOptions.figureWidth] ?? TikZRenderer.defaultWidthCentimetres
    let renderer = TikZRenderer(
      widthCentimetres: centimetres, standalone: self[SharedOptions.standalone])
    if let character = TikZRenderer.unicodeOnlyCharacter(in: drawing) {
      warn(
        "the TikZ figure has text pdflatex cannot typeset ('\(character)'): compile it with xelatex or lualatex and \\usepackage{xeCJK} (CJK) or fontspec, or give the city a Latin name (skycast city add … --as NAME)"
      )
    }
    try output.write(renderer.render(drawing))
  }

  /// Refuses figure options on a run that draws no figure, so they are not silently ignored.
  func rejectFigureOptions(
    _ options: [any OptionKey] = [
      SharedOptions.figureWidth, SharedOptions.figureHeight, SharedOptions.title,
      SharedOptions.noTitle,
    ]
  ) throws {
    for option in options where isGiven(option) {
      throw usage("--\(option.spec.name) applies to --format svg or tikz")
    }
  }

  /// The error for a figure that would be drawn from zero cases (issue 42: an empty figure
  /// whose subtitle still named sources was written and exited 0). Thrown before the output is
  /// renamed into place, so no file is written, and the command exits 1.
  func emptyFigure(_ what: String) -> CLIError {
    .failure("no figure drawn: \(what)")
  }
}
