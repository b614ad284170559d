import Analysis
import Store

/// Finds the changes in one series' daily mean absolute error and tests each before/after.
///
/// 1. The series is the daily MAE of one city, model and lead day, in date order (days without
///    pairs are skipped, not filled).
/// 2. Changes in its mean: binary segmentation with the CUSUM mean-shift test
///    (``MeanShiftSegmentation``; Vostrikova 1981, Csörgő & Horváth 1997), each segment tested
///    at ``ModelChangeSettings/alpha``, at least ``ModelChangeSettings/minimumSegment`` days a
///    side.
/// 3. At each change, a Diebold–Mariano test with the HLN correction (``DieboldMariano``) on
///    dᵢ = MAE(after)ᵢ − MAE(before)ᵢ, pairing the i-th of the last w days before the change with
///    the i-th of the first w days after it (w = the shorter segment, at most
///    ``ModelChangeSettings/window``), horizon h = lead day + 1 (errors of a D-day-ahead
///    forecast overlap D days).
public enum ModelChangeDetection {
  /// The changes of one series (rows of one city, model and lead day in date order).
  ///
  /// - Parameter city: the label the rows get.
  public static func changes(
    in series: [DailyErrorRow], city: String, settings: ModelChangeSettings
  ) -> [ModelChangeRow] {
    guard let first = series.first else { return [] }
    let values = series.map(\.meanAbsoluteError)
    let found = MeanShiftSegmentation.changes(
      values, alpha: settings.alpha, minimumSegment: settings.minimumSegment)
    let bounds = [0] + found.map(\.index) + [values.count]
    return found.enumerated().map { position, change in
      let before = bounds[position]..<change.index
      let after = change.index..<bounds[position + 2]
      let w = min(before.count, after.count, settings.window)
      let differences = (0..<w).map { i in
        values[after.lowerBound + i] - values[before.upperBound - w + i]
      }
      let horizon = max(1, min(Int(first.leadDay) + 1, w - 1))
      return ModelChangeRow(
        city: city, model: first.model, leadDay: first.leadDay, date: series[change.index].date,
        lastDateBefore: series[change.index - 1].date, daysBefore: before.count,
        daysAfter: after.count, maeBefore: mean(values[before]), maeAfter: mean(values[after]),
        cusum: change.statistic, cusumP: change.pValue,
        dieboldMariano: DieboldMariano.test(differences, horizon: horizon))
    }
  }

  private static func mean(_ values: ArraySlice<Double>) -> Double {
    values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
  }
}
