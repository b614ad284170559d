import Export

extension SharedOptions {
  /// `--title` and `--no-title` for commands that draw `--format svg` figures.
  static let figureTitle: [OptionSpec] = [
    OptionSpec(
      "title", value: "text", help: "With --format svg: this title instead of the automatic one."),
    .flag(
      "no-title",
      help: "With --format svg: no title or subtitle (a LaTeX or Word caption replaces them)."),
  ]

  /// `--width` in pixels of the figure.
  static let figureWidth = OptionSpec.typed(
    "width", value: "pixels", help: "Figure width with --format svg.",
    type: .integer(320...10_000), default: "800")

  /// `--height` in pixels of the figure.
  static let figureHeight = OptionSpec.typed(
    "height", value: "pixels", help: "Figure height with --format svg.",
    type: .integer(200...10_000), default: "450")

  /// `--width`, `--height`, `--title` and `--no-title` for commands whose only use of a width is
  /// the figure.
  static let figure: [OptionSpec] =
    [
      figureWidth, figureHeight,
    ] + figureTitle
}

extension Invocation {
  /// `--title TEXT`, `--no-title` or neither; both at once is a usage error.
  func figureTitle() throws -> FigureTitle {
    let text = string("title")
    if flag("no-title") {
      guard text == nil else { throw usage("--title and --no-title cannot be combined") }
      return .none
    }
    return text.map { .custom($0) } ?? .automatic
  }

  /// `--width` and `--height` in pixels (800 × 450 unless given).
  func figureSize() throws -> (width: Int, height: Int) {
    (
      try intValue(SharedOptions.figureWidth),
      try intValue(SharedOptions.figureHeight)
    )
  }

  /// Refuses figure options on a run that draws no figure, so they are not silently ignored.
  func rejectFigureOptions(_ names: [String] = ["width", "height", "title", "no-title"]) throws {
    for name in names where values[name] != nil {
      throw usage("--\(name) applies to --format svg")
    }
  }

  /// The stderr warning for a figure drawn without data, as tables warn about empty results.
  func warnEmptyFigure(_ what: String) {
    warn("the figure has no data: \(what); it is written with a 'No data' note")
  }
}
