import SkycastModel
import Store

/// `verify --pairs --format verif`: the text input of verif (WFRT/verif, `verif/input.py`,
/// class `Text`): `#` lines for the variable and units, a header, then whitespace-separated
/// rows `date hour leadtime location lat lon altitude obs fcst`.
///
/// verif keys a row by forecast reference time (`date` as YYYYMMDD plus `hour`, UTC), lead
/// time in hours and location: the reference time written is valid time − lead, so it is the
/// model run (or the fetch) the lead counts from, and daily pairs are at 00 UTC of the issue
/// date with lead = 24 · lead days. Locations are city ids. verif reads one forecast system
/// per file: give one `--source` and `--model`.
public enum VerifText {
  /// The comment lines and the header line, each ending in a newline.
  public static func header(_ request: VerifyRequest) -> String {
    let unit = request.variable.unit.isEmpty ? "1" : request.variable.unit
    return """
      # variable: \(request.variableName)
      # units: \(unit)
      date hour leadtime location lat lon altitude obs fcst

      """
  }

  /// One pair as a row, ending in a newline.
  public static func line(_ pair: VerifyPair, city: City) -> String {
    let leadHours = pair.validAt == nil ? pair.lead * 24 : pair.lead
    let reference: Int64 =
      if let validAt = pair.validAt {
        validAt - leadHours * 3600
      } else {
        (LocalDate(pair.date ?? "")?.midnightAsUTC ?? 0) - leadHours * 3600
      }
    let day = LocalDate(dayNumber: reference.floorDivided(by: 86_400))
    let hour = (reference - day.midnightAsUTC) / 3600
    let date = String(day.description.filter { $0 != "-" })
    let fields = [
      date, String(hour), String(leadHours), String(city.id), NumberText.shortest(city.latitude),
      NumberText.shortest(city.longitude), NumberText.shortest(city.elevation ?? 0),
      NumberText.shortest(pair.observed), NumberText.shortest(pair.forecast),
    ]
    return fields.joined(separator: " ") + "\n"
  }
}

extension Int64 {
  /// ⌊self / divisor⌋ (Swift's `/` truncates toward zero).
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
