import Foundation
import SkycastModel

/// The rules every record of an import file is checked against, one record at a time.
///
/// Checks, per record: the field count against the header; the city (column or `--city`); the
/// time or date (see `ImportTimes`; hourly times must fall on a whole hour); for forecasts the
/// issue time (floored to the hour) and model; every variable cell (empty = NULL, otherwise a
/// plain decimal number, whole for codes and flags, converted from the header's unit and inside
/// the variable's `plausibleRange`); times and dates inside `PlausibleTime`; the `timezone`
/// and `utc_offset` columns against the city. Duplicates across records (a row identical to an
/// earlier one with the same key is dropped with a warning; the same key with different values
/// is an error citing both lines) are found while writing (`ImportWriter`, `ImportPass`).
package struct ImportPlan {
  package let layout: ImportLayout
  private let cityOption: City?
  private let source: String
  private let resolveCity: (String) -> Result<City, ImportRowError>
  private var cityCache: [String: Result<City, ImportRowError>] = [:]
  private var zoneCache: [Int64: CityTimeZone?] = [:]

  /// - Parameters:
  ///   - cityOption: the city `--city` names (for rows without a city cell).
  ///   - source: the import's source NAME (the default model of forecasts).
  ///   - resolveCity: looks a city cell up (name, id or "Name, Admin1").
  package init(
    layout: ImportLayout, cityOption: City?, source: String,
    resolveCity: @escaping (String) -> Result<City, ImportRowError>
  ) {
    self.layout = layout
    self.cityOption = cityOption
    self.source = source
    self.resolveCity = resolveCity
  }

  /// Checks one record (not blank) after the header.
  package mutating func check(_ record: CSVRecord) -> Parsed {
    let resolve = resolveCity
    return parse(
      record, cityOption: cityOption, source: source,
      city: { text in
        if let cached = cityCache[text] { return cached }
        let result = resolve(text)
        cityCache[text] = result
        return result
      },
      zone: { city in
        if let cached = zoneCache[city.id] { return cached }
        let zone = city.timezone.flatMap(CityTimeZone.init(identifier:))
        zoneCache[city.id] = zone
        return zone
      })
  }

  /// "city and time", "city, model, issued_at and date", …
  package func describeKey() -> String {
    let time = layout.frequency == .hourly ? "time" : "date"
    return layout.kind == .forecasts ? "city, model, issued_at and \(time)" : "city and \(time)"
  }

  /// `temperature_2m 5.1 vs 5.3`, for conflict messages.
  package func difference(_ first: [Double?], _ second: [Double?]) -> String {
    var parts: [String] = []
    for (offset, column) in layout.variables.enumerated() where first[offset] != second[offset] {
      func text(_ value: Double?) -> String { value.map { NumberText.shortest($0) } ?? "empty" }
      parts.append(
        "\(column.variable.column) \(text(first[offset])) vs \(text(second[offset]))")
    }
    return parts.joined(separator: ", ")
  }

  // MARK: - One record

  /// A record checked.
  package enum Parsed {
    case row(ImportRow, City)
    /// Valid, but without a single value.
    case empty
    /// Every problem of the record.
    case invalid([ImportRowError])
  }

  /// The row, `.empty` for a valid row without values, or every problem of the record.
  private func parse(
    _ record: CSVRecord, cityOption: City?, source: String,
    city resolve: (String) -> Result<City, ImportRowError>, zone zoneOf: (City) -> CityTimeZone?
  ) -> Parsed {
    let fields = record.fields
    guard fields.count == layout.columnCount else {
      return .invalid([
        ImportRowError(
          "has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header has \(layout.columnCount) (a comma inside a value needs quotes)"
        )
      ])
    }
    var errors: [ImportRowError] = []
    func cell(_ index: Int?) -> String {
      index.map { ImportTimes.trimmed(fields[$0]) } ?? ""
    }

    // City.
    var city = cityOption
    let cityText = ImportTimes.unguarded(cell(layout.city))
    if !cityText.isEmpty {
      switch resolve(cityText) {
      case .success(let found):
        if let cityOption, found.id != cityOption.id {
          return .invalid([
            ImportRowError(
              "city '\(cityText)' is not \(cityOption.name), the city given with --city")
          ])
        }
        city = found
      case .failure(let error):
        return .invalid([error])
      }
    }
    guard let city else {
      return .invalid([ImportRowError("the city cell is empty (fill it in or give --city)")])
    }
    let zone = zoneOf(city)

    // The row's own source, zone and offset columns.
    let sourceText = ImportTimes.unguarded(cell(layout.source))
    if !sourceText.isEmpty, sourceText != source {
      errors.append(
        ImportRowError(
          "source '\(sourceText)' is not this import's source (\(source)); import each source separately with --source"
        ))
    }
    let zoneText = ImportTimes.unguarded(cell(layout.timezone))
    if !zoneText.isEmpty, let zone, zoneText != zone.identifier {
      errors.append(
        ImportRowError("timezone '\(zoneText)' is not \(city.name)'s zone (\(zone.identifier))"))
    }
    var rowOffset: Int?
    let offsetText = cell(layout.utcOffset)
    if !offsetText.isEmpty {
      rowOffset = ImportTimes.offset(offsetText, hours: layout.utcOffsetInHours)
      if rowOffset == nil {
        errors.append(ImportRowError("utc_offset '\(offsetText)' is not an offset such as +01:00"))
      }
    }

    // Time or date.
    var time: Int64 = 0
    if layout.frequency == .hourly {
      let text = cell(layout.time)
      if text.isEmpty {
        errors.append(ImportRowError("the time cell is empty"))
      } else {
        switch ImportTimes.instant(
          text, column: "time", city: city, zone: zoneOf(city), offset: rowOffset)
        {
        case .success(let instant):
          time = instant
          if !ImportTimes.isWholeHour(instant, zone: zone) {
            errors.append(
              ImportRowError(
                "time \(text) is not on the hour; hourly tables hold whole hours (round the times first)"
              ))
          }
        case .failure(let error): errors.append(error)
        }
      }
    } else {
      let text = cell(layout.date)
      if let date = LocalDate(text) {
        time = date.dayNumber
        if !PlausibleTime.dates.contains(date) {
          errors.append(ImportRowError("date \(text) is outside \(PlausibleTime.description)"))
        }
      } else {
        errors.append(
          ImportRowError(
            text.isEmpty ? "the date cell is empty" : "date '\(text)' is not a date as YYYY-MM-DD"))
      }
    }

    // Forecast issue time and model.
    var issuedAt: Int64 = 0
    var model = ""
    if layout.kind == .forecasts {
      let text = cell(layout.issuedAt)
      if text.isEmpty {
        errors.append(ImportRowError("the issued_at cell is empty"))
      } else {
        switch ImportTimes.instant(text, column: "issued_at", city: city, zone: zone, offset: nil) {
        case .success(let instant):
          issuedAt = WallClock.floorToHour(instant)
        case .failure(let error): errors.append(error)
        }
      }
      model = ImportTimes.unguarded(cell(layout.model))
      if model.isEmpty { model = source }
      if !Importer.isValidName(model, allowDots: true) {
        errors.append(
          ImportRowError("model '\(model)' may only use letters, digits, '-', '_' and '.'"))
      }
    }

    // Values.
    var values: [Double?] = []
    values.reserveCapacity(layout.variables.count)
    for column in layout.variables {
      let text = ImportTimes.trimmed(fields[column.index])
      guard !text.isEmpty else {
        values.append(nil)
        continue
      }
      switch value(text, column: column, city: city, zone: zone) {
      case .success(let number): values.append(number)
      case .failure(let error):
        errors.append(error)
        values.append(nil)
      }
    }
    guard errors.isEmpty else { return .invalid(errors) }
    guard values.contains(where: { $0 != nil }) else { return .empty }
    return .row(
      ImportRow(
        line: record.line, cityID: city.id, time: time, issuedAt: issuedAt, model: model,
        values: values),
      city)
  }

  /// One variable cell in canonical units.
  private func value(
    _ text: String, column: ImportLayout.VariableColumn, city: City, zone: CityTimeZone?
  ) -> Result<Double, ImportRowError> {
    let name = column.variable.column
    if column.variable.quantity == .instant {
      // sunrise/sunset: a time (local or with offset) or epoch seconds.
      if let seconds = Int64(text) {
        guard PlausibleTime.instants.contains(seconds) else {
          return .failure(
            ImportRowError("\(name): \(text) is outside \(PlausibleTime.description)"))
        }
        return .success(Double(seconds))
      }
      return ImportTimes.instant(text, column: name, city: city, zone: zone, offset: nil).map(
        Double.init)
    }
    guard let number = DecimalText.parse(text) else {
      return .failure(ImportRowError("\(name): '\(text)' is not a number"))
    }
    let converted = column.convert?(number) ?? number
    if column.variable.quantity == .weatherCode || column.variable.quantity == .flag,
      converted != converted.rounded()
    {
      return .failure(ImportRowError("\(name): '\(text)' is not a whole number"))
    }
    guard column.variable.isPlausible(converted) else {
      return .failure(
        ImportRowError(
          "\(name): \(text) is not plausible (outside \(column.variable.plausibleRangeText))"))
    }
    return .success(converted)
  }
}
