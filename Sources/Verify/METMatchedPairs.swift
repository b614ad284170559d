import SkycastModel
import Store

/// `verify --pairs --format met-mpr`: MET's matched-pair (MPR) lines, as Point-Stat writes them
/// and Stat-Analysis reads them (MET User's Guide, "Point-Stat tool", MPR line type; the
/// column names of MET 12, whose climatology columns are `OBS_CLIMO_*` and `FCST_CLIMO_*`).
///
/// One whitespace-separated line per pair under a header line: the common STAT columns
/// (`VERSION MODEL DESC FCST_LEAD FCST_VALID_BEG … LINE_TYPE`), then `TOTAL INDEX OBS_SID
/// OBS_LAT OBS_LON OBS_LVL OBS_ELV FCST OBS OBS_QC` and the five climatology columns. Leads are
/// `HHMMSS` (daily: 24 · lead days), times `YYYYMMDD_HHMMSS` UTC (daily pairs: 00 UTC of the
/// date), `NA` for every missing value (the climatology, an unknown elevation). Units are ASCII
/// (`degC`, `degrees`), the level is `A1` for an hour's accumulation (`A24` for a day's), `Z2`
/// at 2 m, `Z10` at 10 m, else `L0`. OBS_SID is the city's name with spaces replaced by `_` (MET
/// splits on whitespace); OBTYPE the observation source.
///
/// As point_stat does, the lines come in header groups (model, lead and valid time: one
/// forecast field against the observations at its valid time, over every city), and `TOTAL`
/// is the number of pairs in the group, `INDEX` runs 1…TOTAL within it.
public enum METMatchedPairs {
  /// The header line of the columns, ending in a newline.
  public static let header =
    ([
      "VERSION", "MODEL", "DESC", "FCST_LEAD", "FCST_VALID_BEG", "FCST_VALID_END", "OBS_LEAD",
      "OBS_VALID_BEG", "OBS_VALID_END", "FCST_VAR", "FCST_UNITS", "FCST_LEV", "OBS_VAR",
      "OBS_UNITS", "OBS_LEV", "OBTYPE", "VX_MASK", "INTERP_MTHD", "INTERP_PNTS", "FCST_THRESH",
      "OBS_THRESH", "COV_THRESH", "ALPHA", "LINE_TYPE", "TOTAL", "INDEX", "OBS_SID", "OBS_LAT",
      "OBS_LON", "OBS_LVL", "OBS_ELV", "FCST", "OBS", "OBS_QC", "OBS_CLIMO_MEAN",
      "OBS_CLIMO_STDEV", "OBS_CLIMO_CDF", "FCST_CLIMO_MEAN", "FCST_CLIMO_STDEV",
    ] as [String]).joined(separator: " ") + "\n"

  /// The lines of `pairs` in header groups, in the order each group's first pair comes, each
  /// group's pairs in their own order; pairs of a city not in `cities` are left out.
  ///
  /// MET's write_mpr_row and write_mpr_cols (src/libcode/vx_stat_out/stat_columns.cc) write
  /// one header group per call, TOTAL = its n_obs and INDEX = i + 1; point_stat's setup_table
  /// sets the bad data string to NA.
  public static func lines(
    _ pairs: [VerifyPair], cities: [Int64: City], labels: [Int64: String],
    request: VerifyRequest
  ) -> [String] {
    var order: [String] = []
    var groups: [String: [VerifyPair]] = [:]
    for pair in pairs where cities[pair.cityID] != nil {
      let key = groupKey(pair)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(pair)
    }
    var lines: [String] = []
    for key in order {
      let group = groups[key] ?? []
      for (offset, pair) in group.enumerated() {
        guard let city = cities[pair.cityID] else { continue }
        lines.append(
          line(
            pair, city: city, label: labels[pair.cityID] ?? city.name, request: request,
            index: offset + 1, total: group.count))
      }
    }
    return lines
  }

  /// One pair's line, ending in a newline.
  ///
  /// - Parameters:
  ///   - index: 1-based position of the pair in its header group.
  ///   - total: pairs in the header group.
  public static func line(
    _ pair: VerifyPair, city: City, label: String, request: VerifyRequest, index: Int, total: Int
  ) -> String {
    let leadHours = pair.validAt == nil ? pair.lead * 24 : pair.lead
    let time = stamp(validTime(pair))
    let unit = units(request.variable)
    let level = level(request.variable)
    let variable = request.variableName
    let fields: [String] = [
      "V12.0.0", pair.model.isEmpty ? "NA" : pair.source + ":" + pair.model, "NA",
      duration(leadHours), time, time, "000000", time, time, variable, unit, level, variable,
      unit, level, request.observationSource, "FULL", "NEAREST", "1", "NA", "NA", "NA", "NA",
      "MPR", String(total), String(index), label.replacing(" ", with: "_"),
      NumberText.shortest(city.latitude), NumberText.shortest(city.longitude), "NA",
      city.elevation.map(NumberText.shortest) ?? "NA", NumberText.shortest(pair.forecast),
      NumberText.shortest(pair.observed), "NA", "NA", "NA", "NA", "NA", "NA",
    ]
    return fields.joined(separator: " ") + "\n"
  }

  /// MET's level of the variable: `A1` (`A24` daily) for an accumulation over the hour (day),
  /// `Z2` and `Z10` for 2 m and 10 m above ground, `L0` for the rest (sea level, a column).
  public static func level(_ variable: WeatherVariable) -> String {
    let accumulation = variable.frequency == .daily ? "A24" : "A1"
    switch variable.quantity {
    case .precipitation, .snowfall, .hours, .duration: return accumulation
    case .temperature: return "Z2"
    case .percentage:
      return variable == .relativeHumidity2m
        ? "Z2" : variable == .cloudCover ? "L0" : accumulation
    case .speed, .direction: return "Z10"
    case .pressure, .weatherCode, .index, .flag, .instant: return "L0"
    }
  }

  /// The stored unit in ASCII without spaces (`degC`, `degrees`, `wmo_code`), `NA` for none.
  public static func units(_ variable: WeatherVariable) -> String {
    switch variable.unit {
    case "": "NA"
    case "°C": "degC"
    case "°": "degrees"
    case let unit: unit.replacing(" ", with: "_")
    }
  }

  /// The header group of a pair: everything in its STAT header columns but OBS_VALID_*.
  static func groupKey(_ pair: VerifyPair) -> String {
    "\(pair.source)\u{1F}\(pair.model)\u{1F}\(pair.lead)\u{1F}\(validTime(pair))"
  }

  /// The pair's valid time, UTC epoch seconds (a daily pair: 00 UTC of its date).
  static func validTime(_ pair: VerifyPair) -> Int64 {
    pair.validAt ?? LocalDate(pair.date ?? "")?.midnightAsUTC ?? 0
  }

  /// `YYYYMMDD_HHMMSS` in UTC.
  static func stamp(_ epoch: Int64) -> String {
    let days = epoch >= 0 ? epoch / 86_400 : (epoch - 86_399) / 86_400
    let seconds = epoch - days * 86_400
    let date = LocalDate(dayNumber: days).description.filter { $0 != "-" }
    return date + "_" + two(seconds / 3600) + two(seconds % 3600 / 60) + two(seconds % 60)
  }

  /// `HHMMSS` (hours may exceed two digits: 120 h is `1200000`), negative with a `-`.
  static func duration(_ hours: Int64) -> String {
    (hours < 0 ? "-" : "") + two(abs(hours)) + "0000"
  }

  private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
}
