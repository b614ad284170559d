import Export

/// What `--format` names: a table format, or the figure or dataset some commands write
/// instead. Each command declares the ones it writes (``SharedOptions/output(formats:)``), so
/// help lists them, validation before `run` rejects the others, and completion offers them.
enum FormatChoice: String, CaseIterable, Sendable {
  case table, csv, json, ndjson, latex, markdown
  /// An SVG figure (`verify`, `summary precip`, `export hourly`, `export observations`).
  case svg
  /// A Parquet dataset in a folder (`export`, `verify --pairs`).
  case parquet
  /// verif's text input (`verify --pairs`).
  case verif
  /// MET's matched-pair (MPR) lines (`verify --pairs`).
  case metMPR = "met-mpr"

  /// The formats every tabular command writes.
  static let tables: [FormatChoice] = [.table, .csv, .json, .ndjson, .latex, .markdown]
}
