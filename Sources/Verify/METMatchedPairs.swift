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
/// date), `NA` where MET writes it, `-9999` for missing climatology. `TOTAL` is the number of
/// pairs in the file and `INDEX` runs 1…TOTAL. OBS_SID is the city's name with spaces
/// replaced by `_` (MET splits on whitespace); OBTYPE the observation source.
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

  /// One pair's line, ending in a newline.
  ///
  /// - Parameters:
  ///   - index: 1-based position of the pair in the file.
  ///   - total: pairs in the file.
  public static func line(
    _ pair: VerifyPair, city: City, label: String, request: VerifyRequest, index: Int, total: Int
  ) -> String {
    let leadHours = pair.validAt == nil ? pair.lead * 24 : pair.lead
    let valid = pair.validAt ?? LocalDate(pair.date ?? "")?.midnightAsUTC ?? 0
    let time = stamp(valid)
    let unit =
      request.variable.unit.isEmpty ? "NA" : request.variable.unit.replacing(" ", with: "_")
    let variable = request.variableName
    let fields: [String] = [
      "V12.0.0", pair.model.isEmpty ? "NA" : pair.source + ":" + pair.model, "NA",
      duration(leadHours), time, time, "000000", time, time, variable, unit, "Z2", variable,
      unit, "Z2", request.observationSource, "FULL", "NEAREST", "1", "NA", "NA", "NA", "NA",
      "MPR", String(total), String(index), label.replacing(" ", with: "_"),
      NumberText.shortest(city.latitude), NumberText.shortest(city.longitude), "NA",
      NumberText.shortest(city.elevation ?? 0), NumberText.shortest(pair.forecast),
      NumberText.shortest(pair.observed), "NA", "-9999", "-9999", "-9999", "-9999", "-9999",
    ]
    return fields.joined(separator: " ") + "\n"
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
