internal import SQLiteKit
import SkycastModel

/// The SQL pieces the `archive` queries share: the selection's WHERE conditions on a forecast
/// row `f` of the `hourly_forecasts` view or the `daily_forecasts` table, and their parameters.
enum ArchiveSQL {
  /// The forecast table or view of the selection's frequency.
  static func forecasts(_ selection: ArchiveSelection) -> String {
    selection.isDaily ? "daily_forecasts" : "hourly_forecasts"
  }

  /// The local valid date column of `f`.
  static func date(_ selection: ArchiveSelection) -> String {
    selection.isDaily ? "f.date" : "f.valid_date"
  }

  /// The lead column of `f`: hours for hourly rows, days for daily rows.
  static func lead(_ selection: ArchiveSelection) -> String {
    selection.isDaily ? "f.lead_days" : "f.lead_hours"
  }

  /// Conditions on `f`: the value is stored, the lead is not negative, and the selection's
  /// cities, models, sources and dates.
  static func conditions(_ selection: ArchiveSelection) -> [String] {
    var conditions = ["f.\(selection.variable.column) IS NOT NULL", "\(lead(selection)) >= 0"]
    if !selection.cityIDs.isEmpty {
      conditions.append("f.city_id IN (\(list("city", selection.cityIDs.count)))")
    }
    if !selection.models.isEmpty {
      conditions.append("f.model IN (\(list("model", selection.models.count)))")
    }
    if !selection.sources.isEmpty {
      conditions.append("f.source IN (\(list("source", selection.sources.count)))")
    }
    if selection.period != nil { conditions.append("\(date(selection)) BETWEEN :from AND :to") }
    return conditions
  }

  /// The values of the parameters ``conditions(_:)`` names.
  static func parameters(_ selection: ArchiveSelection) -> [String: SQLiteValue] {
    var result: [String: SQLiteValue] = [:]
    for (index, city) in selection.cityIDs.enumerated() {
      result[":city_\(index + 1)"] = .integer(city)
    }
    for (index, model) in selection.models.enumerated() {
      result[":model_\(index + 1)"] = .text(model)
    }
    for (index, source) in selection.sources.enumerated() {
      result[":source_\(index + 1)"] = .text(source.rawValue)
    }
    if let period = selection.period {
      result[":from"] = .text(period.lowerBound.description)
      result[":to"] = .text(period.upperBound.description)
    }
    return result
  }

  /// `:name_1, :name_2, …`.
  static func list(_ name: String, _ count: Int) -> String {
    (1...count).map { ":\(name)_\($0)" }.joined(separator: ", ")
  }
}
