import SkycastModel
import Store

/// The column layouts of the exported tables.
///
/// | table | columns (`--excel` adds `timezone` after `city_id` and `utc_offset` after the row's time) |
/// |---|---|
/// | hourly | city, city_id, fetch_id, source, model, issued_at, valid_at, valid_date, valid_hour, lead_hours, variables |
/// | daily | city, city_id, fetch_id, source, model, issued_at, date, lead_days, variables |
/// | observations | city, city_id, source, valid_at, valid_date, valid_hour, variables, fetch_id, fetched_at |
/// | observations-daily | city, city_id, source, date, variables, fetch_id, fetched_at |
/// | fetches | id, city, city_id, source, model, requested_at, issued_at, status, http_status, error, url, utc_offset_seconds, grid_latitude, grid_longitude, grid_elevation, call_weight, bytes, body_sha256, rows, run_at, run_available_at, run_note |
/// | cities | id, name, country_code, country, admin1, latitude, longitude, elevation, timezone, geonames_id, population, added_at |
extension ExportPlan {
  /// The plan for `request`.
  ///
  /// - Parameter cities: every saved city (the fetch log's date filter needs their zones).
  public static func make(_ request: ExportRequest, cities: [City]) -> ExportPlan {
    let excel = request.excel
    var conditions: [String] = []
    var bindings: [StoreValue] = []
    let idColumn = request.table == .cities ? "id" : "city_id"
    if !request.cityIDs.isEmpty {
      conditions.append(
        "\(idColumn) IN (" + request.cityIDs.map { _ in "?" }.joined(separator: ", ") + ")")
      bindings += request.cityIDs.map { .integer($0) }
    }
    if let source = request.effectiveSource, request.table != .cities {
      conditions.append("source = ?")
      bindings.append(.text(source.rawValue))
    }
    if let model = request.effectiveModel, request.table.isForecast || request.table == .fetches {
      conditions.append("model = ?")
      bindings.append(.text(model))
    }
    if let dates = request.dates {
      switch request.table {
      case .hourly where !request.latest:
        let hours = ForecastHourColumns.localHours(dates)
        conditions.append("local_hour BETWEEN ? AND ?")
        bindings += [.integer(hours.lowerBound), .integer(hours.upperBound)]
      case .hourly, .hourlyObservations:
        conditions.append("valid_date BETWEEN ? AND ?")
        bindings += [.text(dates.lowerBound.description), .text(dates.upperBound.description)]
      case .daily, .dailyObservations:
        conditions.append("date BETWEEN ? AND ?")
        bindings += [.text(dates.lowerBound.description), .text(dates.upperBound.description)]
      case .fetches:
        // Local dates differ per city: one instant range per city.
        let selected =
          request.cityIDs.isEmpty ? cities : cities.filter { request.cityIDs.contains($0.id) }
        var ranges: [String] = []
        for city in selected {
          ranges.append("(city_id = ? AND requested_at >= ? AND requested_at < ?)")
          bindings += [
            .integer(city.id), .integer(city.zone.startOfDay(dates.lowerBound)),
            .integer(city.zone.startOfDay(dates.upperBound.adding(days: 1))),
          ]
        }
        conditions.append(ranges.isEmpty ? "0" : "(" + ranges.joined(separator: " OR ") + ")")
      case .cities:
        break
      }
    }
    let variables = (request.variables ?? request.table.variables).filter {
      request.table.variables.contains($0)
    }
    var fields: [Field] = []
    func add(
      _ name: String, _ kind: Column.Kind, _ read: Field.Read, sql: String? = nil,
      unit: String? = nil
    ) {
      fields.append(Field(column: Column(name, kind, unit: unit), sql: sql ?? name, read: read))
    }
    func addCity() {
      fields.append(Field(column: Column("city", .text), sql: nil, read: .cityName))
      add("city_id", .integer, .integer)
      if excel {
        fields.append(Field(column: Column("timezone", .text), sql: nil, read: .timezone))
      }
    }
    func addOffset(at name: String) {
      guard excel else { return }
      fields.append(
        Field(column: Column("utc_offset", .dynamic, unit: "h"), sql: nil, read: .offsetAt(name)))
    }
    func addOffset(atDate name: String) {
      guard excel else { return }
      fields.append(
        Field(
          column: Column("utc_offset", .dynamic, unit: "h"), sql: nil, read: .offsetAtDate(name)))
    }
    func addVariables() {
      for variable in variables { fields.append(variableField(variable)) }
    }

    switch request.table {
    case .hourly:
      // The full history reads the storage table in its key order (city, series, issue time,
      // valid time: run by run), which streams; any other order would sort every row.
      let stored = !request.latest
      addCity()
      add("fetch_id", .integer, .integer)
      add("source", .text, .repeatedText)
      add("model", .text, .repeatedText)
      add("issued_at", .instant, .instant)
      add("valid_at", .instant, .instant)
      addOffset(at: "valid_at")
      if stored {
        add("valid_date", .date, .localDate, sql: "local_hour")
        add("valid_hour", .integer, .hourOfDay, sql: "local_hour")
      } else {
        add("valid_date", .date, .repeatedText)
        add("valid_hour", .integer, .integer)
      }
      add(
        "lead_hours", .integer, .integer,
        sql: request.leadFrom == .run ? ExportPlan.leadFromRunSQL : nil)
      addVariables()
      return ExportPlan(
        fields: fields,
        from: stored ? ForecastHourColumns.keyedView : "hourly_forecasts_latest",
        conditions: conditions, bindings: bindings,
        order: stored ? ForecastHourColumns.key : ["city_id", "source", "model", "valid_at"],
        cityColumn: "city_id", monthColumn: ("valid_date", true))
    case .daily:
      addCity()
      add("fetch_id", .integer, .integer)
      add("source", .text, .repeatedText)
      add("model", .text, .repeatedText)
      add("issued_at", .instant, .instant)
      add("date", .date, .repeatedText)
      addOffset(atDate: "date")
      add("lead_days", .integer, .integer)
      addVariables()
      return ExportPlan(
        fields: fields, from: request.latest ? "daily_forecasts_latest" : "daily_forecasts",
        conditions: conditions, bindings: bindings,
        order: request.latest
          ? ["city_id", "source", "model", "date"]
          : ["fetch_id", "city_id", "model", "issued_at", "date"],
        cityColumn: "city_id", monthColumn: ("date", true))
    case .hourlyObservations:
      addCity()
      add("source", .text, .repeatedText)
      add("valid_at", .instant, .instant)
      addOffset(at: "valid_at")
      add("valid_date", .date, .repeatedText)
      add("valid_hour", .integer, .integer)
      addVariables()
      add("fetch_id", .integer, .integer)
      add("fetched_at", .instant, .instant)
      return ExportPlan(
        fields: fields, from: "hourly_observations", conditions: conditions, bindings: bindings,
        order: ["city_id", "source", "valid_at"], cityColumn: "city_id",
        monthColumn: ("valid_date", true))
    case .dailyObservations:
      addCity()
      add("source", .text, .repeatedText)
      add("date", .date, .repeatedText)
      addOffset(atDate: "date")
      addVariables()
      add("fetch_id", .integer, .integer)
      add("fetched_at", .instant, .instant)
      return ExportPlan(
        fields: fields, from: "daily_observations", conditions: conditions, bindings: bindings,
        order: ["city_id", "source", "date"], cityColumn: "city_id", monthColumn: ("date", true))
    case .fetches:
      add("id", .integer, .integer)
      addCity()
      add("source", .text, .repeatedText)
      add("model", .text, .repeatedText)
      add("requested_at", .instant, .instant)
      addOffset(at: "requested_at")
      add("issued_at", .instant, .instant)
      add("status", .text, .repeatedText)
      add("http_status", .integer, .integer)
      add("error", .text, .text)
      add("url", .text, .text)
      add("utc_offset_seconds", .integer, .integer, unit: "s")
      add("grid_latitude", .dynamic, .real, unit: "°")
      add("grid_longitude", .dynamic, .real, unit: "°")
      add("grid_elevation", .dynamic, .real, unit: "m")
      add("call_weight", .dynamic, .real)
      add("bytes", .integer, .integer)
      add("body_sha256", .text, .text)
      add("rows", .integer, .integer)
      add("run_at", .instant, .instant)
      add("run_available_at", .instant, .instant)
      add("run_note", .text, .text)
      return ExportPlan(
        fields: fields, from: "fetches", conditions: conditions, bindings: bindings,
        order: ["id"], cityColumn: "city_id", monthColumn: ("requested_at", false))
    case .cities:
      add("id", .integer, .integer)
      add("name", .text, .text)
      add("country_code", .text, .text)
      add("country", .text, .text)
      add("admin1", .text, .text)
      add("latitude", .dynamic, .real, unit: "°")
      add("longitude", .dynamic, .real, unit: "°")
      add("elevation", .dynamic, .real, unit: "m")
      add("timezone", .text, .text)
      add("geonames_id", .integer, .integer)
      add("population", .integer, .integer)
      add("added_at", .instant, .instant)
      addOffset(at: "added_at")
      return ExportPlan(
        fields: fields, from: "cities", conditions: conditions, bindings: bindings, order: ["id"],
        cityColumn: "id", monthColumn: nil)
    }
  }

  /// The column of a weather variable: weather codes and flags as integers, sunrise/sunset as
  /// instants, everything else rounded to the variable's precision with its unit.
  /// `lead_hours` counted from the model run of the row's fetch where it recorded one (the
  /// fetch's lead otherwise), floored like the stored lead: one primary-key lookup per row.
  static let leadFromRunSQL =
    "coalesce((SELECT \(LeadTime.hoursSQL(valid: "valid_at", issued: "r.run_at")) "
    + "FROM fetches AS r WHERE r.id = fetch_id), lead_hours)"

  package static func variableField(_ variable: WeatherVariable) -> Field {
    let name = variable.column
    switch variable.quantity {
    case .weatherCode, .flag:
      let unit = variable.unit.isEmpty ? nil : variable.unit
      return Field(column: Column(name, .integer, unit: unit), sql: name, read: .integer)
    case .instant:
      return Field(column: Column(name, .instant), sql: name, read: .instant)
    default:
      return Field(
        column: Column(name, .measure(decimals: variable.decimals), unit: variable.unit),
        sql: name, read: .real)
    }
  }
}
