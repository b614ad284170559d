import Foundation
import SkycastModel

/// Reads Meteostat bulk CSV files, hourly or daily, in both layouts: the legacy header-less one
/// (`bulk.meteostat.net/v2`, fixed column order) and the current one with a header row and a
/// `<column>_source` column per value (`data.meteostat.net`).
///
/// Meteostat fills gaps with model data; those values are not measurements, so they are counted
/// in `tally.modelFilled` and never stored. The current layout names each value's source; the
/// legacy layout needs its separate source map (`<station>.map.csv.gz`, see `SourceMap`).
public enum MeteostatReader: StationFileReader {
  /// Meteostat.
  public static let provider = StationProvider.meteostat

  /// Source ids of the current layout that are model or forecast providers (grade FORECAST or
  /// ANALYSIS in Meteostat's own library, which drops them unless model data is asked for), and
  /// `model`, the id of the values Meteostat fills in from model data itself (issue 43).
  public static let modelSources: Set<String> = ["dwd_mosmix", "metno_forecast", "model"]

  /// The legacy source-map flag of model data: `E` in hourly maps, `G` in daily ones (the letters
  /// mean different sources in the two).
  public static func modelFlag(_ frequency: WeatherVariable.Frequency) -> Character {
    frequency == .hourly ? "E" : "G"
  }

  /// The legacy layout's hourly columns, in file order.
  public static let legacyHourlyColumns = [
    "date", "hour", "temp", "dwpt", "rhum", "prcp", "snow", "wdir", "wspd", "wpgt", "pres", "tsun",
    "coco",
  ]
  /// The legacy layout's daily columns, in file order.
  public static let legacyDailyColumns = [
    "date", "tavg", "tmin", "tmax", "prcp", "snow", "wdir", "wspd", "wpgt", "pres", "tsun",
  ]

  /// A legacy source map (`<station>.map.csv.gz`): the data file's shape with a flag letter in
  /// place of each value, telling which source the value came from.
  public struct SourceMap: Sendable, Equatable {
    /// Whether the map belongs to an hourly or a daily file.
    public var frequency: WeatherVariable.Frequency
    /// Per row's time key, the columns (by index) whose flag is the model flag: one bit per
    /// column, so a map of a century of hours is a few tens of MB, not its text many times.
    var rows: [String: UInt32]

    /// Parses the text of a map file (already gunzipped).
    public static func parse(_ text: [UInt8]) throws(StationFileError) -> SourceMap {
      let lines = StationFileBytes.lines(StationFileBytes.utf8(text))
      var frequency: WeatherVariable.Frequency?
      var rows: [String: UInt32] = [:]
      for (offset, line) in lines.enumerated() where !StationText.trim(line).isEmpty {
        let number = offset + 1
        let fields = StationText.fields(line, ",")
        let kind: WeatherVariable.Frequency
        switch fields.count {
        case legacyHourlyColumns.count: kind = .hourly
        case legacyDailyColumns.count: kind = .daily
        default:
          throw .line(
            number,
            "a Meteostat source map row has \(legacyHourlyColumns.count) (hourly) or "
              + "\(legacyDailyColumns.count) (daily) fields, found \(fields.count)")
        }
        if let frequency, frequency != kind {
          throw .line(number, "a \(kind.rawValue) row in a \(frequency.rawValue) source map")
        }
        frequency = kind
        let key = try rowKey(fields, frequency: kind, line: number)
        var mask: UInt32 = 0
        for (index, field) in fields.enumerated()
        where StationText.trim(field).contains(modelFlag(kind)) {
          mask |= 1 << UInt32(index)
        }
        rows[key] = mask
      }
      guard let frequency else { throw .format("the Meteostat source map has no rows") }
      return SourceMap(frequency: frequency, rows: rows)
    }
  }

  /// Reads a file without a source map (in the legacy layout model data then cannot be told
  /// apart, which the notes say).
  public static func read(_ text: [UInt8], name: String, options: StationReadOptions)
    throws(StationFileError) -> StationReading
  {
    try read(text, name: name, options: options, flags: nil)
  }

  /// Reads a file; `flags` is the parsed source map of a legacy-layout file, used to leave out
  /// model-filled values (ignored for the current layout, whose `_source` columns say it). A
  /// data row the map has no row for is kept: nothing says a model filled it.
  ///
  /// - Parameter name: the file name; the station id is its last `-`/`_`-separated part before
  ///   the extensions when that is a Meteostat id (`10637.csv.gz` → `10637`), else
  ///   `options.stationID`, else that part whatever it is. A name that names a station wins
  ///   over the option, so `--station 99999` cannot relabel `10637.csv.gz` (the commands refuse
  ///   the mismatch: `StationReading.mismatch(asked:)`).
  public static func read(
    _ text: [UInt8], name: String, options: StationReadOptions, flags: SourceMap?
  ) throws(StationFileError) -> StationReading {
    try StationFiles.collect(
      try MeteostatLineReader(name: name, options: options, flags: flags, window: .whole),
      text: text)
  }

  /// True for the shape of Meteostat's ids: five letters or digits (`10637`, `D1424`).
  static func isMeteostatID(_ id: String) -> Bool {
    id.unicodeScalars.count == 5 && Station.isValidID(id) && !id.contains("-")
      && !id.contains("_")
  }

  /// The station id in a file name: its last `-`/`_`-separated part before the extensions.
  static func stationID(fromName name: String) -> String? {
    var base = Substring(name.split(separator: "/").last ?? "")
    for suffix in [".gz", ".csv", ".map"] where base.lowercased().hasSuffix(suffix) {
      base = base.dropLast(suffix.count)
    }
    let id = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).last.map(String.init)
    return id?.isEmpty == false ? id : nil
  }

  // MARK: - Layout

  /// Where a canonical value of a column goes, and the factor to its canonical unit.
  struct Target {
    var variable: WeatherVariable
    var factor: Double
  }

  /// The variable a Meteostat column maps to; nil for columns Skycast does not store (snow depth,
  /// daily means, condition codes, …).
  static func target(_ name: String, _ frequency: WeatherVariable.Frequency) -> Target? {
    switch (frequency, name) {
    case (.hourly, "temp"): Target(variable: .temperature2m, factor: 1)
    case (.hourly, "dwpt"): Target(variable: .dewPoint2m, factor: 1)
    case (.hourly, "rhum"): Target(variable: .relativeHumidity2m, factor: 1)
    case (.hourly, "prcp"): Target(variable: .precipitation, factor: 1)
    case (.hourly, "wdir"): Target(variable: .windDirection10m, factor: 1)
    case (.hourly, "wspd"): Target(variable: .windSpeed10m, factor: 1)
    case (.hourly, "wpgt"): Target(variable: .windGusts10m, factor: 1)
    case (.hourly, "pres"): Target(variable: .pressureMSL, factor: 1)
    case (.hourly, "cldc"): Target(variable: .cloudCover, factor: 12.5)
    case (.daily, "tmin"): Target(variable: .temperature2mMin, factor: 1)
    case (.daily, "tmax"): Target(variable: .temperature2mMax, factor: 1)
    case (.daily, "prcp"): Target(variable: .precipitationSum, factor: 1)
    case (.daily, "wpgt"): Target(variable: .windGusts10mMax, factor: 1)
    case (.daily, "tsun"): Target(variable: .sunshineDuration, factor: 60)
    default: nil
    }
  }

  struct Column {
    var index: Int
    var name: String
    var target: Target?
    /// The index of its `_source` column (current layout).
    var source: Int?
  }

  /// The shape of one file: legacy or current, hourly or daily, and where each column is.
  struct Layout {
    var legacy: Bool
    var frequency: WeatherVariable.Frequency
    var fieldCount: Int
    var firstDataLine: Int
    var columns: [Column]
    // Time columns: a `YYYY-MM-DD` date or year/month/day parts, and the hour when hourly.
    var date: Int?
    var parts: (year: Int, month: Int, day: Int)?
    var hour: Int?

    /// The layout the first non-empty line (at 0-based index `first`) shows.
    init(_ line: Substring, index first: Int) throws(StationFileError) {
      let fields = StationText.fields(line, ",")
        .map { String(StationText.trim($0)).lowercased() }
      if LocalDate(fields[0]) != nil {
        // Header-less legacy layout: the column order is fixed, the field count tells which.
        legacy = true
        firstDataLine = first
        switch fields.count {
        case legacyHourlyColumns.count: frequency = .hourly
        case legacyDailyColumns.count: frequency = .daily
        default:
          throw .line(
            first + 1,
            "a legacy Meteostat row has \(legacyHourlyColumns.count) (hourly) or "
              + "\(legacyDailyColumns.count) (daily) fields, found \(fields.count)")
        }
        let kind = frequency
        let names = kind == .hourly ? legacyHourlyColumns : legacyDailyColumns
        fieldCount = names.count
        date = 0
        hour = kind == .hourly ? 1 : nil
        columns = names.enumerated().dropFirst(kind == .hourly ? 2 : 1).map {
          Column(index: $0.offset, name: $0.element, target: target($0.element, kind))
        }
        return
      }
      legacy = false
      firstDataLine = first + 1
      fieldCount = fields.count
      let index = { (name: String) in fields.firstIndex(of: name) }
      if let year = index("year"), let month = index("month"), let day = index("day") {
        parts = (year, month, day)
      } else if let date = index("date") {
        self.date = date
      } else {
        throw .format(
          "no recognisable Meteostat header: the first line is neither a header with "
            + "year,month,day (or date) nor a legacy data row")
      }
      hour = index("hour")
      let kind: WeatherVariable.Frequency = hour == nil ? .daily : .hourly
      frequency = kind
      let timeColumns: Set<String> = ["year", "month", "day", "date", "hour"]
      columns = fields.enumerated().compactMap { offset, name in
        guard !timeColumns.contains(name), !name.hasSuffix("_source") else { return nil }
        return Column(
          index: offset, name: name, target: target(name, kind),
          source: index(name + "_source"))
      }
    }

    /// The row's date and, when hourly, its UTC hour.
    func time(_ fields: [Substring], line: Int) throws(StationFileError) -> (LocalDate, Int?) {
      let date: LocalDate?
      if let parts {
        let values = [parts.year, parts.month, parts.day].map { Int(StationText.trim(fields[$0])) }
        date =
          values.contains(nil)
          ? nil : LocalDate(year: values[0]!, month: values[1]!, day: values[2]!)
      } else {
        date = LocalDate(StationText.trim(fields[self.date!]))
      }
      guard let date else { throw .line(line, "the row's date is not a valid date") }
      guard let hour else { return (date, nil) }
      guard let value = Int(StationText.trim(fields[hour])), (0...23).contains(value) else {
        throw .line(line, "hour \"\(StationText.trim(fields[hour]))\" is not 0–23")
      }
      return (date, value)
    }
  }

  /// A legacy row's time key (`YYYY-MM-DD` or `YYYY-MM-DD H`), shared by data and map rows.
  static func rowKey(_ fields: [Substring], frequency: WeatherVariable.Frequency, line: Int)
    throws(StationFileError) -> String
  {
    guard let date = LocalDate(StationText.trim(fields[0])) else {
      throw .line(line, "\"\(StationText.trim(fields[0]))\" is not a YYYY-MM-DD date")
    }
    guard frequency == .hourly else { return date.description }
    guard let hour = Int(StationText.trim(fields[1])), (0...23).contains(hour) else {
      throw .line(line, "hour \"\(StationText.trim(fields[1]))\" is not 0–23")
    }
    return "\(date) \(hour)"
  }

  static func notes(_ layout: Layout, map: SourceMap?) -> [String] {
    var notes = [
      "Meteostat timestamps are UTC"
        + (layout.frequency == .daily
          ? "; a daily row is Meteostat's date (its aggregation of 24 hourly values; the day's time"
            + " zone is unconfirmed, presumably UTC)" : ""),
      "units as published: °C, %, mm, km/h wind and gusts, hPa sea-level pressure; no conversion",
    ]
    if layout.frequency == .hourly {
      notes.append("prcp is the one-hour total ending at the hour → precipitation")
      if layout.columns.contains(where: { $0.name == "cldc" }) {
        notes.append("cldc okta × 12.5 → cloud_cover %")
      }
      notes.append(
        "not stored: snow/snwd (snow depth, not snowfall), tsun (minutes of sunshine in the hour),"
          + " coco (Meteostat condition code)")
    } else {
      notes.append("tsun minutes × 60 → sunshine_duration seconds; prcp → precipitation_sum")
      notes.append(
        "not stored: tavg/temp (daily mean temperature), snow/snwd (snow depth, not snowfall),"
          + " wspd/wdir (daily means), pres (daily mean pressure)")
    }
    if !layout.legacy {
      notes.append(
        "values whose _source names a model or forecast provider ("
          + modelSources.sorted().joined(separator: ", ")
          + ", also within a multi-source cell) are model-filled and not stored")
    } else if map != nil {
      notes.append(
        "values whose source-map flag is \(modelFlag(layout.frequency)) (model) are model-filled"
          + " and not stored")
    } else {
      notes.append(
        "model-filled values cannot be told apart in the legacy layout without the map file"
          + " (<station>.map.csv.gz): all values were kept")
    }
    return notes
  }

}
