import SkycastModel
import Store

/// The stored forecasts of one valid time (city, source, model, valid time or local date), in
/// issue order (oldest first; ties: fetch order), one per issue: NULL forecasts are not read,
/// and a second fetch of a model run already read is not a new issue.
///
/// ``Verifier/forEachIssueSequence(_:_:)`` hands them out one at a time, in valid-time order, so
/// `--revisions`, `--lagged` and `--jumpiness` hold one valid time's forecasts at a time.
package struct IssueSequence {
  package var cityID: Int64 = 0
  package var source = ""
  package var model = ""
  /// The valid instant (hourly variables; 0 for daily ones).
  package var validAt: Int64 = 0
  /// The local valid date, `YYYY-MM-DD`.
  package var validDate = ""
  package var validHour: Int64 = 0
  /// Lead (hours; daily: days) and value of each issue, oldest first.
  package var forecasts: [(lead: Int64, value: Double)] = []

  /// Values of the valid-time keys (city, model, source, month, valid hour, season) in `keys`
  /// order; nil for the lead keys, which depend on the issue.
  package func validKeys(
    _ keys: [VerifyKey], labels: [Int64: String], latitudes: [Int64: Double]
  ) -> [VerifyKeyValue?] {
    keys.map { key -> VerifyKeyValue? in
      switch key {
      case .city: .text(labels[cityID] ?? String(cityID))
      case .model: .text(model)
      case .source: .text(source)
      case .month: .text(String(validDate.prefix(7)))
      case .validHour: .integer(validHour)
      case .season:
        .text(
          VerifyKey.season(
            month: Int(validDate.dropFirst(5).prefix(2)) ?? 0,
            latitude: latitudes[cityID] ?? 0))
      case .lead, .leadDay: nil
      case .obsRange: .integer(0)  // the commands refuse it: it needs the observed value
      }
    }
  }

  /// The full key values: `validKeys` with the lead keys filled from `lead` (hours for hourly
  /// variables, days for daily ones, whose lead day is the lead).
  package static func keyValues(
    _ keys: [VerifyKey], validKeys: [VerifyKeyValue?], lead: Int64, isDaily: Bool
  ) -> [VerifyKeyValue] {
    zip(keys, validKeys).map { key, value in
      if let value { return value }
      return .integer(key == .lead || isDaily ? lead : LeadTime.day(hours: lead))
    }
  }
}
