import Collect
import SkycastModel

/// The options of `observe`, each declared once with its type: the archive and reanalysis
/// fetch (`ObserveCommand`) and a station's file (`StationObserve`) read the same declarations.
enum ObserveOptions {
  static let source = Option<ArchiveRequestOptions.API>.choice(
    "source", value: "api",
    help:
      "era5 (the Archive API's reanalysis) or historical-forecast (a model's stitched first hours, source 'analysis:MODEL').",
    default: .archive)
  /// `--model`: its default depends on `--source` (era5 for the archive; required otherwise).
  static let model = Option<String?>.text(
    "model", value: "model",
    help:
      "era5: era5 (one consistent reanalysis, source 'era5') or best_match (the archive's blend, source 'archive'); historical-forecast: the model (required).",
    default: FetchSource.era5Model)
  static let dryRun = Flag(
    "dry-run", help: "Print the request URLs (without API key) and call weights; fetch nothing.")
  static let station = Option<String?>.text(
    "station", value: "station",
    help: "Fetch a station's file instead: PROVIDER:ID (ghcnh, meteostat, dwd), or linked.")
  static let keepSuspect = Flag(
    "keep-suspect",
    help: "With --station: also store flagged values, marked (verify --include-suspect).")
}
