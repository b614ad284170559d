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

  /// `--width`, `--height`, `--title` and `--no-title` for commands whose only use of a width is
  /// the figure.
  static let figure: [OptionSpec] =
    [
      OptionSpec("width", value: "pixels", help: "Figure width with --format svg.", default: "800"),
      OptionSpec(
        "height", value: "pixels", help: "Figure height with --format svg.", default: "450"),
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
      try int("width", in: 320...10_000) ?? 800,
      try int("height", in: 200...10_000) ?? 450
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
