import SkycastModel
import Store
import Verify

/// `skycast archive audit`.
extension ArchiveCommand {
  static let audit = CommandSpec(
    name: "audit",
    abstract: "Compare Open-Meteo's derived archives with what was served when collected.",
    discussion: """
      For the same model and valid times: Previous Runs values (source previous-runs, stored \
      by 'backfill' with lead 24·N for _previous_dayN) against the newest collected issue \
      whose lead lies in 24N to 24N+23 h, and the Historical Forecast series (source \
      analysis:MODEL, stored by 'observe --source historical-forecast') against the newest \
      collected issue of lead 0-23 h. Per model, derived source and lead day: n, how many are \
      equal to the stored precision (|difference| below half the last decimal), the mean and \
      the largest absolute difference. --list prints every differing hour instead.

      Hourly variables only (Previous Runs has no daily values).

      Examples:
        skycast archive audit --var temperature_2m --model best_match
        skycast archive audit --model best_match --list --format csv -o differences.csv
      """,
    options: [
      Options.var.help("The hourly variable (see 'skycast vars').").spec.shown("temperature_2m"),
      SharedOptions.cities.spec, Options.model.spec, SharedOptions.from.spec,
      SharedOptions.to.spec, Options.list.spec,
    ] + SharedOptions.output,
    rules: [
      .values(when: [Options.var], "archive audit compares hourly values") { invocation in
        guard let variable = try? readVariable(invocation, default: .temperature2m),
          variable.frequency != .hourly
        else { return nil }
        return
          "archive audit compares hourly values; '\(variable.column)' is daily (Previous Runs has no daily values)"
      }
    ],
    run: runAudit)

  static func runAudit(_ invocation: Invocation) throws -> Int32 {
    // The declared rule leaves an hourly variable.
    let variable = try readVariable(invocation, default: .temperature2m)
    _ = try invocation.outputFormat()
    let store = try invocation.openStore(access: .readOnly)
    let report = try store.read {
      let cities = try invocation.cities(in: store)
      let all = try store.cities()
      let period = try invocation.dateRange(required: false)
      var models = unique(invocation[Options.model])
      let selection = ArchiveSelection(
        variable: variable, cityIDs: cities.count == all.count ? [] : cities.map(\.id),
        models: models, period: period)
      if models.isEmpty {
        // Every model with a Historical Forecast series stored.
        models = try store.observationSources(daily: false).compactMap { name in
          if case .analysis(let model) = FetchSource(rawValue: name) { return model }
          return nil
        }
      }
      return try invocation.showingProgress("archive audit", store: store) {
        try ArchiveAnalyst(store: store).audit(selection, analysisModels: models)
      }
    }
    if report.rows.isEmpty {
      invocation.warn(
        "no valid time of \(variable.column) has both a collected forecast and a previous-runs or analysis value"
      )
    }
    try write(invocation[Options.list] ? report.differenceTable() : report.table(), invocation)
    return ExitStatus.success
  }
}
