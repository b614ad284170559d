import SkycastModel
import Store

extension ArchiveAnalyst {
  /// The changes in the selection's daily error against `observations`, per city, model and
  /// lead day (``ModelChangeDetection``).
  ///
  /// - Parameter leadDay: only this lead day; nil for every one.
  public func changes(
    _ selection: ArchiveSelection, observations: String, leadDay: Int?,
    settings: ModelChangeSettings = ModelChangeSettings()
  ) throws -> ModelChangeReport {
    let labels = try cityLabels()
    var rows: [ModelChangeRow] = []
    var series: [DailyErrorRow] = []
    var searched = 0
    var days = 0
    var longest = 0
    func flush() {
      defer { series.removeAll(keepingCapacity: true) }
      guard let first = series.first else { return }
      searched += 1
      days += series.count
      longest = max(longest, series.count)
      rows += ModelChangeDetection.changes(
        in: series, city: labels[first.cityID] ?? String(first.cityID), settings: settings)
    }
    try store.forEachDailyError(selection, observations: observations, leadDay: leadDay) { row in
      if let last = series.last,
        last.cityID != row.cityID || last.model != row.model || last.leadDay != row.leadDay
      {
        flush()
      }
      series.append(row)
    }
    flush()
    rows.sort {
      ($0.city, $0.model, $0.leadDay, $0.date) < ($1.city, $1.model, $1.leadDay, $1.date)
    }
    return ModelChangeReport(
      variable: selection.variable, observations: observations, settings: settings, rows: rows,
      seriesSearched: searched, days: days, longestSeries: longest)
  }
}
