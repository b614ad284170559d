import Export

extension SharedOptions {
  /// `--title` and `--no-title` for commands that draw `--format svg` figures.
  static let figureTitle: [OptionSpec] = [title.spec, noTitle.spec]

  static let title = Option<String?>.text(
    "title", value: "text", help: "With --format svg: this title instead of the automatic one.")
  static let noTitle = Flag(
    "no-title",
    help: "With --format svg: no title or subtitle (a LaTeX or Word caption replaces them).")

  /// `--width` in pixels of the figure.
  static let figureWidth = Option<Int>.integer(
    "width", value: "pixels", help: "Figure width with --format svg.", in: 320...10_000,
    default: 800)

  /// `--height` in pixels of the figure.
  static let figureHeight = Option<Int>.integer(
    "height", value: "pixels", help: "Figure height with --format svg.", in: 200...10_000,
    default: 450)

  /// `--width`, `--height`, `--title` and `--no-title` for commands whose only use of a width is
  /// the figure.
  static let figure: [OptionSpec] =
    [figureWidth.spec, figureHeight.spec] + figureTitle
}

extension Invocation {
  /// `--title TEXT`, `--no-title` or neither; both at once is a usage error.
  func figureTitle() throws -> FigureTitle {
    let text = self[SharedOptions.title]
    if self[SharedOptions.noTitle] {
      guard text == nil else { throw usage("--title and --no-title cannot be combined") }
      return .none
    }
    return text.map { .custom($0) } ?? .automatic
  }

  /// `--width` and `--height` in pixels (800 × 450 unless given).
  func figureSize() throws -> (width: Int, height: Int) {
    (try self[SharedOptions.figureWidth], try self[SharedOptions.figureHeight])
  }

  /// Refuses figure options on a run that draws no figure, so they are not silently ignored.
  func rejectFigureOptions(
    _ options: [any OptionKey] = [
      SharedOptions.figureWidth, SharedOptions.figureHeight, SharedOptions.title,
      SharedOptions.noTitle,
    ]
  ) throws {
    for option in options where isGiven(option) {
      throw usage("--\(option.spec.name) applies to --format svg")
    }
  }

  /// The error for a figure that would be drawn from zero cases (issue 42: an empty figure
  /// whose subtitle still named sources was written and exited 0). Thrown before the output is
  /// renamed into place, so no file is written, and the command exits 1.
  func emptyFigure(_ what: String) -> CLIError {
    .failure("no figure drawn: \(what)")
  }
}
