import Foundation
import SkycastModel

/// The columns of an import file, read from its header row.
///
/// Recognised: `city`; `time` (or `valid_at`) for hourly rows or `date` for daily rows; for
/// forecasts `issued_at` and optional `model`; variable columns valid for the target table,
/// optionally with a unit (`temperature_2m (°F)` is converted to °C); the `--excel` export's
/// `timezone` and `utc_offset` (checked, and `utc_offset` settles a naive time in a DST
/// overlap); a `source` column, whose values must equal the import's source NAME; and the
/// derived columns `valid_date`, `valid_hour`, `lead_hours`, `lead_days`,
/// which Skycast recomputes and ignores. Names are case-insensitive.
package struct ImportLayout {
  /// A variable column and how to bring its values to the canonical unit.
  package struct VariableColumn {
    package var index: Int
    package var variable: WeatherVariable
    /// nil when the header gives no unit or the canonical one.
    package var convert: (@Sendable (Double) -> Double)?
  }

  package var kind: ImportKind
  package var frequency: WeatherVariable.Frequency
  package var columnCount: Int
  package var city: Int?
  package var time: Int?
  package var date: Int?
  package var issuedAt: Int?
  package var model: Int?
  package var timezone: Int?
  package var utcOffset: Int?
  /// The `utc_offset` column is in hours (`utc_offset (h)`, as `export --excel` writes it).
  package var utcOffsetInHours = false
  /// A `source` column (as exports have): every value must be the import's source NAME.
  package var source: Int?
  package var variables: [VariableColumn] = []

  /// The table the rows go to.
  package var table: String {
    switch (kind, frequency) {
    case (.observations, .hourly): "hourly_observations"
    case (.observations, .daily): "daily_observations"
    case (.forecasts, .hourly): "hourly_forecasts"
    case (.forecasts, .daily): "daily_forecasts"
    }
  }

  /// The variable role of the target table.
  package var role: WeatherVariable.Roles {
    switch (kind, frequency) {
    case (.observations, .hourly): .hourlyObservation
    case (.observations, .daily): .dailyObservation
    case (.forecasts, .hourly): .hourlyForecast
    case (.forecasts, .daily): .dailyForecast
    }
  }

  /// Columns our own exports write that the import recomputes or does not need.
  package static let ignoredColumns: Set<String> = [
    "valid_date", "valid_hour", "lead_hours", "lead_days", "city_id", "fetch_id", "fetched_at",
  ]

  /// Every unit string `Quantity.converter` knows, for "accepted: …" messages.
  package static let knownUnits = [
    "°C", "C", "°F", "F", "%", "mm", "inch", "in", "cm", "wmo code", "hPa", "km/h", "m/s",
    "mp/h", "mph", "kn", "kt", "ft/s", "°", "s", "h",
  ]

  /// Reads the header; every problem found is reported at the header's line.
  ///
  /// - Parameter hasCityOption: `--city` was given, so a `city` column is optional.
  package init(header: CSVRecord, kind: ImportKind, hasCityOption: Bool) throws(ImportFailure) {
    self.kind = kind
    columnCount = header.fields.count
    var problems: [String] = []
    var seen: [String: Int] = [:]
    var names: [(index: Int, name: String, unit: String?)] = []
    for (index, raw) in header.fields.enumerated() {
      let (name, unit) = Self.split(raw)
      guard !name.isEmpty else {
        problems.append("column \(index + 1) of the header has no name")
        continue
      }
      if let first = seen[name] {
        problems.append("column '\(name)' appears twice (columns \(first + 1) and \(index + 1))")
        continue
      }
      seen[name] = index
      names.append((index, name, unit))
    }
    let hasTime = seen["time"] != nil || seen["valid_at"] != nil
    let hasDate = seen["date"] != nil
    frequency = hasDate && !hasTime ? .daily : .hourly
    if seen["time"] != nil, seen["valid_at"] != nil {
      problems.append("the header has both time and valid_at; keep one")
    }
    if hasTime, hasDate {
      problems.append(
        "the header has both a time and a date column; hourly and daily rows go in separate files")
    } else if !hasTime, !hasDate {
      problems.append(
        "the header needs a time column (hourly rows, ISO 8601) or a date column (daily rows, YYYY-MM-DD)"
      )
    }
    let tableName = table.replacingOccurrences(of: "_", with: " ")
    for (index, name, unit) in names {
      switch name {
      case "city": city = index
      case "time", "valid_at": time = index
      case "date": date = index
      case "timezone": timezone = index
      case "utc_offset":
        utcOffset = index
        utcOffsetInHours = unit == "h"
      case "source": source = index
      case "issued_at", "model":
        guard kind == .forecasts else {
          problems.append(
            "column '\(name)' belongs to forecasts; use 'skycast import forecasts' for a forecast file"
          )
          continue
        }
        if name == "model" { model = index } else { issuedAt = index }
      case _ where Self.ignoredColumns.contains(name):
        continue
      default:
        guard let variable = WeatherVariable.named(name, frequency: frequency) else {
          if let other = WeatherVariable.named(name) {
            problems.append(
              "column '\(name)' is a \(other.frequency.rawValue) variable, but this file has \(frequency == .hourly ? "a time column (hourly rows)" : "a date column (daily rows)")"
            )
          } else {
            problems.append("unknown column '\(name)' (not a Skycast variable; see 'skycast vars')")
          }
          continue
        }
        guard variable.roles.contains(role) else {
          problems.append("column '\(name)' is not stored in \(tableName) (see 'skycast vars')")
          continue
        }
        var column = VariableColumn(index: index, variable: variable)
        if let unit, !variable.quantity.isCanonical(unit) {
          guard let converter = variable.quantity.converter(from: unit) else {
            let accepted = Self.knownUnits.filter { variable.quantity.converter(from: $0) != nil }
            problems.append(
              "unknown unit '\(unit)' for \(name) (accepted: \(accepted.joined(separator: ", ")))")
            continue
          }
          column.convert = converter
        }
        variables.append(column)
      }
    }
    if city == nil, !hasCityOption {
      problems.append("the header has no city column; add one (city name or id) or give --city")
    }
    if kind == .forecasts, issuedAt == nil {
      problems.append("a forecast file needs an issued_at column (when the forecast was made)")
    }
    if variables.isEmpty, problems.isEmpty {
      problems.append(
        "the header names no variable columns (e.g. temperature_2m; see 'skycast vars')")
    }
    guard problems.isEmpty else {
      throw ImportFailure(
        problems: problems.map { ImportProblem(line: header.line, "header: " + $0) }, isFatal: true)
    }
  }

  /// `temperature_2m (°C)` → (`temperature_2m`, `°C`); the name is lowercased and trimmed, and a
  /// UTF-8 BOM left by a tool that wrote one mid-stream is dropped.
  package static func split(_ raw: String) -> (name: String, unit: String?) {
    var text = raw.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else {
      return (text.lowercased(), nil)
    }
    let name = text[..<open].trimmingCharacters(in: .whitespaces).lowercased()
    let unit = text[text.index(after: open)..<text.index(before: text.endIndex)]
      .trimmingCharacters(in: .whitespaces)
    return (name, unit)
  }
}
