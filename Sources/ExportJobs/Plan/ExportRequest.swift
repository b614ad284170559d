import SkycastModel
import Store

/// What to export: the table, the filters and the layout.
public struct ExportRequest: Sendable, Equatable {
  public var table: ExportTable
  /// Only these cities (ids); empty for every city.
  public var cityIDs: [Int64] = []
  /// Only these local dates (valid dates, daily dates, or the local date of `requested_at` for
  /// the fetch log), inclusive.
  public var dates: ClosedRange<LocalDate>?
  /// Only rows of this source (`forecast`, `previous-runs`, `era5`, an import name, …).
  public var source: FetchSource?
  /// Only rows of this model.
  public var model: String?
  /// Forecast tables only: the most recent issue per city, source, model and valid time (lead ≥ 0).
  /// Source and model then default to `forecast` and `best_match`, as `--series forecast`.
  public var latest = false
  /// Only these variable columns (nil for all of the table's).
  public var variables: [WeatherVariable]?
  /// Spreadsheet layout: local `YYYY-MM-DD HH:MM` times plus `timezone` and `utc_offset` columns.
  public var excel = false
  /// Where hourly `lead_hours` count from: as stored (the fetch), or the model run where the
  /// fetch recorded one (`export hourly --lead-from run`).
  public var leadFrom: LeadOrigin = .fetch

  public init(table: ExportTable) {
    self.table = table
  }

  /// The source filter in force: the given one, or `forecast` for a latest export.
  public var effectiveSource: FetchSource? {
    source ?? (latest && table.isForecast ? .forecast : nil)
  }

  /// The model filter in force: the given one, or `best_match` for a latest export.
  public var effectiveModel: String? {
    model ?? (latest && table.isForecast ? ModelName.bestMatch : nil)
  }
}
