import SkycastModel
import Store

extension Verifier {
  /// Run-to-run revisions per group (``RevisionRow`` documents the method). Groups by lead day
  /// when the request has no `--by`. Observations are not read.
  ///
  /// Forecasts stream from SQLite in valid-time order (``forEachIssueSequence(_:_:)``); only one
  /// valid time's sequence is held in memory at a time.
  public func revisions(_ request: VerifyRequest) throws -> RevisionReport {
    var request = request
    if request.groupBy.isEmpty { request.groupBy = [.leadDay] }
    let keys = request.keys
    let labels = try cityLabels()
    let latitudes = Dictionary(
      uniqueKeysWithValues: try store.cities().map { ($0.id, $0.latitude) })
    let isDaily = request.variable.frequency == .daily
    let splitsByLead = keys.contains(where: \.isForecastLevel)
    let byLeadHour = isDaily || keys.contains(.lead)

    var groups: [[VerifyKeyValue]: RevisionAccumulator] = [:]
    try forEachIssueSequence(request) { sequence in
      guard let first = sequence.forecasts.first else { return }
      // Valid-time keys are the same for every forecast of the sequence.
      let validKeys = sequence.validKeys(keys, labels: labels, latitudes: latitudes)
      func keyValues(lead: Int64) -> [VerifyKeyValue] {
        IssueSequence.keyValues(keys, validKeys: validKeys, lead: lead, isDaily: isDaily)
      }
      guard splitsByLead else {
        groups[keyValues(lead: first.lead), default: RevisionAccumulator()]
          .add(segment: sequence.forecasts.map(\.value))
        return
      }
      // The lead hour decides every lead key (lead_day is a function of it).
      func bucket(_ lead: Int64) -> Int64 {
        byLeadHour ? lead : LeadTime.day(hours: lead)
      }
      var start = 0
      while start < sequence.forecasts.count {
        let lead = sequence.forecasts[start].lead
        var end = start + 1
        while end < sequence.forecasts.count, bucket(sequence.forecasts[end].lead) == bucket(lead) {
          end += 1
        }
        let anchor = max(0, start - 1)
        groups[keyValues(lead: lead), default: RevisionAccumulator()]
          .add(segment: sequence.forecasts[anchor..<end].map(\.value))
        start = end
      }
    }

    let rows = groups.map { $0.value.row(keys: $0.key) }
      .sorted { $0.keys.lexicographicallyPrecedes($1.keys) }
    return RevisionReport(request: request, rows: rows)
  }
}
