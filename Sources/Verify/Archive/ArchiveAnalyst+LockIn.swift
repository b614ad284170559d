import Analysis
import SkycastModel
import Store

extension ArchiveAnalyst {
  /// The lock-in leads of the selection's valid times under `rule`, per city, source and model
  /// (``LockInReport`` documents the method). Forecasts stream in valid-time order; one valid
  /// time's issues are held at a time.
  public func lockIn(_ selection: ArchiveSelection, rule: LockInRule) throws -> LockInReport {
    let labels = try cityLabels()
    let daily = selection.variable.frequency == .daily
    func leadDay(_ lead: Int64) -> Int { Int(daily ? lead : LeadTime.day(hours: lead)) }

    struct Group {
      var leads: [Int64] = []
      /// Per lead day: valid times issued that far ahead or further, and those locked by then.
      var reached: [Int] = []
      var locked: [Int] = []
    }
    struct Key: Hashable { var city: Int64, source: String, model: String }
    var groups: [Key: Group] = [:]
    var sequence: [ArchiveForecast] = []

    func flush() {
      defer { sequence.removeAll(keepingCapacity: true) }
      guard sequence.count >= 2, let first = sequence.first,
        let index = rule.lockInIndex(sequence.map(\.value))
      else { return }
      let lead = sequence[index].lead
      let lockedDay = leadDay(lead)
      let firstDay = leadDay(first.lead)
      let key = Key(city: first.cityID, source: first.source.rawValue, model: first.model)
      var group = groups[key] ?? Group()
      group.leads.append(lead)
      if group.reached.count <= firstDay {
        group.reached += Array(repeating: 0, count: firstDay + 1 - group.reached.count)
        group.locked += Array(repeating: 0, count: firstDay + 1 - group.locked.count)
      }
      for day in 0...firstDay {
        group.reached[day] += 1
        if lockedDay >= day { group.locked[day] += 1 }
      }
      groups[key] = group
    }

    try store.forEachArchiveForecast(selection) { forecast in
      if let last = sequence.last, !last.sameValidTime(as: forecast) { flush() }
      sequence.append(forecast)
    }
    flush()

    let rows = groups.map { key, group in
      LockInRow(
        city: labels[key.city] ?? String(key.city), source: key.source, model: key.model,
        leads: group.leads.sorted(),
        lockedShares: zip(group.locked, group.reached).map { locked, reached in
          reached > 0 ? Double(locked) / Double(reached) : nil
        })
    }
    .sorted { ($0.city, $0.source, $0.model) < ($1.city, $1.source, $1.model) }
    return LockInReport(variable: selection.variable, rule: rule, rows: rows)
  }
}
