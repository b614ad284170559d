import SkycastModel
import Store

/// `verify --pairs --format verif`: the text input of verif (WFRT/verif, `verif/input.py`,
/// class `Text`): `#` lines for the variable and units, a header, then whitespace-separated
/// rows `date hour leadtime location lat lon altitude obs fcst`, and for hourly
/// `precipitation` a `p0.1` column.
///
/// verif keys a row by forecast reference time (`date` as YYYYMMDD plus `hour`, UTC), lead
/// time in hours and location: the reference time written is valid time − lead, so it is the
/// model run (or the fetch) the lead counts from, and daily pairs are at 00 UTC of the issue
/// date with lead = 24 · lead days. Locations are city ids. verif reads one forecast system
/// per file: give one `--source` and `--model`.
///
/// verif reads a column `p<X>` as the forecast CDF at X, P(obs ≤ X) (`Input.threshold_scores`,
/// "CDF values for each threshold"; its `Bs` scores 1 − p<X> against obs > X). Open-Meteo's
/// `precipitation_probability` is P(> 0.1 mm in the hour), so the column is `p0.1` =
/// 1 − probability/100. It is written for every hourly `precipitation` file, not only when
/// asked: the probability has one threshold, so there is nothing to choose, and verif's `-m bs
/// -r 0.1` then works on the file as it is. A value verif's reader cannot use is written `nan`
/// (its `_clean` turns any text `float()` reads as NaN, or `-999`, into NaN, and leaves that
/// case out of every score).
public enum VerifText {
  /// The threshold of the probability column (mm): Open-Meteo's `precipitation_probability` is
  /// the chance of more than 0.1 mm in the hour.
  public static let probabilityThreshold = 0.1

  /// The text of a missing value.
  public static let missing = "nan"

  /// True when the file of `request` carries the `p0.1` column: hourly `precipitation`, whose
  /// rows hold Open-Meteo's `precipitation_probability`.
  public static func hasProbabilityColumn(_ request: VerifyRequest) -> Bool {
    request.variable == .precipitation
  }

  /// The comment lines and the header line, each ending in a newline.
  public static func header(_ request: VerifyRequest) -> String {
    var columns = keyColumns + ["obs", "fcst"]
    if hasProbabilityColumn(request) {
      columns.append("p" + NumberText.shortest(probabilityThreshold))
    }
    return comments(name: request.variableName, unit: request.variable.unit)
      + columns.joined(separator: " ") + "\n"
  }

  /// One pair as a row, ending in a newline; with `probabilityColumn` (``hasProbabilityColumn(_:)``)
  /// its `p0.1` too.
  public static func line(_ pair: VerifyPair, city: City, probabilityColumn: Bool = false)
    -> String
  {
    let leadHours = pair.validAt == nil ? pair.lead * 24 : pair.lead
    let validAt = pair.validAt ?? (LocalDate(pair.date ?? "")?.midnightAsUTC ?? 0)
    var fields = keyFields(validAt: validAt, leadHours: leadHours, city: city)
    fields += [NumberText.shortest(pair.observed), NumberText.shortest(pair.forecast)]
    if probabilityColumn {
      fields.append(cdf(percent: pair.probability).map(NumberText.shortest) ?? missing)
    }
    return fields.joined(separator: " ") + "\n"
  }

  /// verif's `p0.1`, P(obs ≤ 0.1 mm), from Open-Meteo's probability of more than 0.1 mm in
  /// percent; nil without one or outside 0–100 % (left out of the Brier score as `verify` leaves
  /// it out). Computed as (100 − p)/100, which for a whole percentage is the nearest double to
  /// the exact decimal (1 − p/100 gives 0.30000000000000004 for 70 %).
  public static func cdf(percent: Double?) -> Double? {
    guard let percent, percent >= 0, percent <= 100 else { return nil }
    return (100 - percent) / 100
  }

  // MARK: - Pieces shared with the ensemble file

  /// The columns that key a row in verif: reference time, lead and location.
  static let keyColumns = ["date", "hour", "leadtime", "location", "lat", "lon", "altitude"]

  /// verif's `# variable:` and `# units:` lines (`1` for a unitless variable).
  static func comments(name: String, unit: String) -> String {
    """
    # variable: \(name)
    # units: \(unit.isEmpty ? "1" : unit)

    """
  }

  /// ``keyColumns``' fields of a forecast valid at `validAt` (UTC epoch seconds) `leadHours`
  /// after its reference time, for `city`.
  static func keyFields(validAt: Int64, leadHours: Int64, city: City) -> [String] {
    let reference = validAt - leadHours * 3600
    let day = LocalDate(dayNumber: reference.floorDivided(by: 86_400))
    let hour = (reference - day.midnightAsUTC) / 3600
    return [
      String(day.description.filter { $0 != "-" }), String(hour), String(leadHours),
      String(city.id), NumberText.shortest(city.latitude), NumberText.shortest(city.longitude),
      NumberText.shortest(city.elevation ?? 0),
    ]
  }
}

extension Int64 {
  /// ⌊self / divisor⌋ (Swift's `/` truncates toward zero).
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
