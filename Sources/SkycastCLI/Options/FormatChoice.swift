import Export

/// What `--format` names: a table format, or the figure or dataset some commands write
/// instead. Each command declares the ones it writes (``SharedOptions/output(formats:)``), so
/// help lists them, validation before `run` rejects the others, and completion offers them.
enum FormatChoice: String, CaseIterable, Sendable {
  case table, csv, json, ndjson, latex, markdown
  /// An SVG figure (`verify`, `summary precip`, `export hourly`, `export observations`).
  case svg
  /// A TikZ picture of the same figure, for `\input` into a LaTeX document (every command
  /// that writes `svg`).
  case tikz
  /// A Parquet dataset in a folder (`export`, `verify --pairs`).
  case parquet
  /// verif's text input (`verify --pairs`).
  case verif
  /// MET's matched-pair (MPR) lines (`verify --pairs`).
  case metMPR = "met-mpr"

  /// The formats every tabular command writes.
  /// Whether the format is a figure (`svg` or `tikz`).
  var isFigure: Bool { self == .svg || self == .tikz }

  /// The figure formats: `svg` and `tikz`.
  static let figures: [FormatChoice] = [.svg, .tikz]

  static let tables: [FormatChoice] = [.table, .csv, .json, .ndjson, .latex, .markdown]
}
