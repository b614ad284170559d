import SkycastModel
import Store
import Verify

/// `skycast archive changes`.
extension ArchiveCommand {
  static let changes = CommandSpec(
    name: "changes",
    abstract: "Changes in a model's daily error, with a before/after Diebold-Mariano test.",
    discussion: """
      Per city, model and lead day: the daily MAE against the observations (--obs), in date \
      order. Changes in its mean are found by binary segmentation with the CUSUM mean-shift \
      test (Vostrikova 1981; Csorgo & Horvath 1997): a segment is split where the CUSUM peaks \
      when its Kolmogorov p < --alpha, keeping --min-days a side. At each change, the \
      Diebold-Mariano test (HLN) pairs up to 30 days before with as many after: dm > 0 means \
      larger errors after. The date is the first day after the change.

      On generated 120-day histories without a change, the defaults reported one in \
      \(ModelChangeReport.measuredFalseAlarmRate); a doubled error spread was found within 2 \
      days with DM p < 0.05 (10 of 10), a 1.5x spread in 85 of 100. Real errors are \
      autocorrelated (weather regimes), which makes false alarms more frequent: read a \
      change with its size and DM p.

      Examples:
        skycast archive changes --var temperature_2m --lead-day 1
        skycast archive changes --city Berlin --model best_match --alpha 0.001 --format csv
      """,
    options: [
      Options.var.spec.shown("temperature_2m"), Options.leadDay.spec, Options.obs.spec,
      Options.alpha.spec, Options.minDays.spec,
    ] + selectionOptions + SharedOptions.output,
    run: runChanges)

  static func runChanges(_ invocation: Invocation) throws -> Int32 {
    let variable = try readVariable(invocation, default: .temperature2m)
    var settings = ModelChangeSettings()
    settings.alpha = try invocation[Options.alpha]
    settings.minimumSegment = try invocation[Options.minDays]
    let leadDay = try invocation[Options.leadDay]
    _ = try invocation.outputFormat()
    let store = try invocation.openStore(access: .readOnly)
    let report = try store.read {
      let selection = try archiveSelection(invocation, store: store, variable: variable)
      // verify's rule: the one asked for, else the source covering most of the forecasts.
      let (observations, note) = try Verifier(store: store).chooseObservationSourceWithReason(
        requested: invocation[Options.obs], variable: variable, cityIDs: selection.cityIDs)
      if let note { invocation.note(note) }
      return try invocation.showingProgress("archive changes", store: store) {
        try ArchiveAnalyst(store: store).changes(
          selection, observations: observations, leadDay: leadDay, settings: settings)
      }
    }
    if report.seriesSearched == 0 {
      invocation.warn(
        "no \(variable.column) forecast in the selection has an observation in \(report.observations)"
      )
    } else if let reason = report.emptyReason {
      invocation.note(reason)
    }
    try write(
      report.table(), invocation,
      tableColumns: [
        "city", "model", "lead_day", "date", "mae_before", "mae_after", "dm", "dm_p",
        "significant",
      ])
    return ExitStatus.success
  }
}
