import SkycastModel
import Store

extension Verifier {
  /// Streams the request's forecasts one valid time at a time (``IssueSequence``), in the order
  /// of ``VerifySQL/revisions(_:)``: city, source, model, valid time, then issue.
  ///
  /// Only one valid time's forecasts are held in memory. With `request.runsKnown`, a second
  /// fetch of a model run already read for the valid time is skipped (the same issue).
  package func forEachIssueSequence(
    _ request: VerifyRequest, _ body: (IssueSequence) throws -> Void
  ) throws {
    let isDaily = request.variable.frequency == .daily
    var sequence = IssueSequence()
    var started = false
    var source = ""
    var model = ""
    var validText = ""
    /// The model run of the sequence's last issue: another fetch of the same run is the same
    /// issue, not a revision.
    var lastRun: Int64?

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
        if !(started && cityID == sequence.cityID && sameSource && sameModel && sameValid) {
          if started, !sequence.forecasts.isEmpty { try body(sequence) }
          if !sameSource { source = prepared.text(1) ?? "" }
          if !sameModel { model = prepared.text(2) ?? "" }
          if isDaily, !sameValid { validText = prepared.text(3) ?? "" }
          started = true
          sequence.cityID = cityID
          sequence.source = source
          sequence.model = model
          sequence.validAt = validNumber
          sequence.validDate = prepared.text(5) ?? ""
          sequence.validHour = prepared.int64(6) ?? 0
          sequence.forecasts.removeAll(keepingCapacity: true)
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
    if started, !sequence.forecasts.isEmpty { try body(sequence) }
  }
}
