import Import
import SkycastModel

/// The options of `import observations|forecasts`, each declared once with its type: CSV files
/// (`ImportCommand`) and station files (`StationImportCommand`) read the same declarations.
enum ImportFileOptions {
  /// `--source`: observations default to `station`, forecasts require it.
  static let source = Option<String?>.text(
    "source", value: "name",
    help: "The source name stored on the rows (letters, digits, - and _).")
  static let format = Option<StationProvider?>.choice(
    "format", value: "provider", help: "Read a station file of this network instead of CSV.",
    of: StationProvider.self, shown: "csv")
  static let station = Option<String?>.text(
    "station", value: "id", help: "With --format: the station id when the file names none.")
  static let strict = Flag(
    "strict",
    help:
      "With --format: refuse the whole file when a line or value fails the checks (an implausible value, an impossible time), instead of leaving it out and counting it."
  )
  static let keepSuspect = Flag(
    "keep-suspect",
    help:
      "With --format: also store values the provider flagged, marked so verify leaves them out unless --include-suspect."
  )
  static let encoding = Option<ImportEncoding?>.choice(
    "encoding", value: "encoding", help: "Read the file as utf-8, utf-16 or gb18030.",
    of: ImportEncoding.self, shown: "detected")
  static let skipInvalid = Flag(
    "skip-invalid",
    help:
      "Store the valid rows and report the invalid ones (default: store nothing if any row is invalid)."
  )
  static let dryRun = Flag("dry-run", help: "Check the whole file and report; store nothing.")
}
