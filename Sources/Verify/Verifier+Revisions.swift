import SkycastModel
import Store

extension Verifier {
  /// Run-to-run revisions per group (``RevisionRow`` documents the method). Groups by lead day
  /// when the request has no `--by`. Observations are not read.
  ///
  /// Forecasts stream from SQLite in valid-time order; only one valid time's sequence is held
  /// in memory at a time.
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
    var sequence = SequenceBuffer()
    var source = ""
    var model = ""
    var validText = ""
    /// The model run of the sequence's last issue: another fetch of the same run is the same
    /// issue, not a revision.
    var lastRun: Int64?

    func flush() {
      guard let first = sequence.forecasts.first else { return }
      // Valid-time keys are the same for every forecast of the sequence.
      let validKeys = keys.map { key -> VerifyKeyValue? in
        switch key {
        case .city: .text(labels[sequence.cityID] ?? String(sequence.cityID))
        case .model: .text(sequence.model)
        case .source: .text(sequence.source)
        case .month: .text(String(sequence.validDate.prefix(7)))
        case .validHour: .integer(sequence.validHour)
        case .season:
          .text(
            VerifyKey.season(
              month: Int(sequence.validDate.dropFirst(5).prefix(2)) ?? 0,
              latitude: latitudes[sequence.cityID] ?? 0))
        case .lead, .leadDay: nil
        case .obsRange: .integer(0)  // the command refuses it: revisions have no observation
        }
      }
      func keyValues(lead: Int64) -> [VerifyKeyValue] {
        zip(keys, validKeys).map { key, value in
          if let value { return value }
          return .integer(key == .lead || isDaily ? lead : LeadTime.day(hours: lead))
        }
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

    try store.withRows(of: VerifySQL.revisions(request)) { prepared in
      while try prepared.next() {
        let cityID = prepared.int64(0) ?? 0
        let sameSource = prepared.withTextBytes(1) { source.utf8.elementsEqual($0) } ?? false
        let sameModel = prepared.withTextBytes(2) { model.utf8.elementsEqual($0) } ?? false
        let sameValid: Bool
        var validNumber: Int64 = 0
        if isDaily {
          sameValid = prepared.withTextBytes(3) { validText.utf8.elementsEqual($0) } ?? false
        } else {
          validNumber = try StoredTime.check(prepared.int64(3) ?? 0, column: "valid_at")
          sameValid = validNumber == sequence.validAt
        }
        if !(sequence.started && cityID == sequence.cityID && sameSource && sameModel && sameValid)
        {
          flush()
          if !sameSource { source = prepared.text(1) ?? "" }
          if !sameModel { model = prepared.text(2) ?? "" }
          if isDaily, !sameValid { validText = prepared.text(3) ?? "" }
          sequence.start(
            cityID: cityID, source: source, model: model, validAt: validNumber,
            validDate: prepared.text(5) ?? "", validHour: prepared.int64(6) ?? 0)
          lastRun = nil
        }
        if !isDaily, let run = prepared.int64(8) {
          if run == lastRun { continue }
          lastRun = run
        } else {
          lastRun = nil
        }
        sequence.forecasts.append((lead: prepared.int64(4) ?? 0, value: prepared.double(7) ?? .nan))
      }
    }
    flush()

    let rows = groups.map { $0.value.row(keys: $0.key) }
      .sorted { $0.keys.lexicographicallyPrecedes($1.keys) }
    return RevisionReport(request: request, rows: rows)
  }
}

/// The forecasts of the valid time being read.
private struct SequenceBuffer {
  package var started = false
  package var cityID: Int64 = 0
  package var source = ""
  package var model = ""
  package var validAt: Int64 = 0
  package var validDate = ""
  package var validHour: Int64 = 0
  package var forecasts: [(lead: Int64, value: Double)] = []

  package mutating func start(
    cityID: Int64, source: String, model: String, validAt: Int64, validDate: String,
    validHour: Int64
  ) {
    started = true
    self.cityID = cityID
    self.source = source
    self.model = model
    self.validAt = validAt
    self.validDate = validDate
    self.validHour = validHour
    forecasts.removeAll(keepingCapacity: true)
  }
}
