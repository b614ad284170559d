import SkycastModel
import Store

/// `verify --ensemble --pairs --format verif`: the stored ensemble members as verif's text
/// input (``VerifText``'s `#` lines and key columns), one row per reference time, lead and
/// city: `obs`, `fcst` (the ensemble mean) and one column `e<i>` per member, `e0` the control.
///
/// verif 1.4 reads these (`verif/input.py`, class `Text`: `_get_ens_fields` takes every column
/// `e<number>` but `elev` as member `number` into `Input.ensemble`), so its ensemble metrics
/// (`fcrps`, `spread`, `spreadskillratio`) use the members and its deterministic ones the
/// `fcst` column. verif's `spread` and `spreadskillratio` are `verify --ensemble`'s
/// `verif_spread` and `verif_spreadskillratio`, not its `spread` and `spread_skill`. Members are written as their stored binary32 values print (the API's
/// decimals, `2.3` rather than `2.299999952316284`); `fcst` is the mean `verify --ensemble`
/// scores, to the last bit. An absent member, and the columns past a value's own member count
/// (the header has the most members any value has), are `nan`, which verif reads as missing.
public enum VerifEnsembleText {
  /// The comment lines and the header line for `members` member columns, each ending in a
  /// newline.
  public static func header(variable: WeatherVariable, members: Int) -> String {
    let columns = VerifText.keyColumns + ["obs", "fcst"] + (0..<members).map { "e\($0)" }
    return VerifText.comments(name: variable.column, unit: variable.unit)
      + columns.joined(separator: " ") + "\n"
  }

  /// One stored value as a row of `members` member columns, ending in a newline.
  public static func line(_ pair: EnsemblePair, city: City, members: Int) -> String {
    var fields = VerifText.keyFields(validAt: pair.validAt, leadHours: pair.leadHours, city: city)
    fields.append(NumberText.shortest(pair.observed))
    fields.append(pair.mean.map(NumberText.shortest) ?? VerifText.missing)
    for index in 0..<members {
      let member = index < pair.members.count ? pair.members[index] : .nan
      fields.append(member.isNaN ? VerifText.missing : memberText(member))
    }
    return fields.joined(separator: " ") + "\n"
  }

  /// The shortest text that reads back as the stored binary32 member.
  static func memberText(_ member: Float) -> String {
    member == 0 ? "0.0" : member.description
  }
}
