import SkycastModel
import Store
import Verify

/// `skycast archive lock-in`.
extension ArchiveCommand {
  static let lockIn = CommandSpec(
    name: "lock-in",
    abstract: "How early each forecast locked in: the lead from which later issues agreed.",
    discussion: """
      For each valid time (an hour, or a local date for a daily variable) the issues are taken \
      oldest first; its lock-in lead is the lead of the first issue from which every later \
      issue gave the final issue's yes/no for the event (--threshold, --op), or stayed within \
      ±δ of the final issue's value (--delta). Valid times with one issue are left out.

      Per city, source and model: n, median, p10 and p90 of the lock-in lead (hours, or days \
      for daily variables), and locked_dD, the share of valid times already locked in D days \
      ahead among those issued at least D days ahead (a terminal table shows days 1, 2, 3, 5, \
      7 and 10; --columns or a data format shows all). --format svg draws locked_dD against D.

      Examples:
        skycast archive lock-in --var precipitation --threshold 1
        skycast archive lock-in --var precipitation_sum --threshold 5 --op '>' --format svg -o lock.svg
        skycast archive lock-in --var temperature_2m --delta 1 --city Berlin
      """,
    options: [
      Options.var.spec.shown("precipitation"), Options.threshold.spec, Options.op.spec,
      Options.delta.spec,
    ] + selectionOptions + SharedOptions.output(formats: FormatChoice.tables + [.svg, .tikz])
      + SharedOptions.figure,
    rules: [
      OptionRule(
        when: [Options.op, Options.delta], unless: [Options.threshold],
        "--op applies to --threshold"),
      OptionRule(
        when: [], unless: [Options.threshold, Options.delta],
        "Missing expected option '--threshold <x>' or '--delta <x>'"),
      .conflict(Options.threshold, Options.delta, "--threshold and --delta cannot be combined"),
    ],
    run: runLockIn)

  static func runLockIn(_ invocation: Invocation) throws -> Int32 {
    let variable = try readVariable(invocation, default: .precipitation)
    let rule = try lockInRule(invocation)
    let svg = invocation.formatChoice?.isFigure == true
    if !svg {
      try invocation.rejectFigureOptions()
      _ = try invocation.outputFormat()
    }
    let store = try invocation.openStore(access: .readOnly)
    let report = try invocation.showingProgress("archive lock-in", store: store) {
      try ArchiveAnalyst(store: store).lockIn(
        try archiveSelection(invocation, store: store, variable: variable), rule: rule)
    }
    if report.rows.isEmpty {
      invocation.warn(
        "no valid time of \(variable.column) has two or more stored issues in the selection")
    }
    if svg {
      let (width, height) = try invocation.figureSize()
      if report.rows.isEmpty { throw invocation.emptyFigure("no lock-in leads") }
      let output = try invocation.dataOutput()
      try invocation.writeFigure(
        LockInFigure.drawing(
          report, width: width, height: height, title: try invocation.figureTitle()), to: output)
      try output.flush()
      return ExitStatus.success
    }
    // A terminal shows a few lead days; the data formats keep every locked_dD.
    let unit = report.leadsInDays ? "d" : "h"
    try write(
      report.table(), invocation,
      tableColumns: ["city", "model", "n", "median_\(unit)", "p10_\(unit)", "p90_\(unit)"]
        + [1, 2, 3, 5, 7, 10].map { "locked_d\($0)" })
    return ExitStatus.success
  }

  /// `--threshold` with `--op`, or `--delta`: exactly one of the two.
  static func lockInRule(_ invocation: Invocation) throws -> LockInRule {
    switch (invocation.isGiven(Options.threshold), invocation.isGiven(Options.delta)) {
    case (true, false):
      let threshold = try invocation[Options.threshold] ?? 0
      return .event(threshold: threshold, op: try invocation[Options.op] ?? .ge)
    case (false, true):
      return .within(delta: try invocation[Options.delta] ?? 0)
    case (false, false), (true, true):
      // The declared rules leave exactly one of the two.
      throw invocation.ruleNotChecked("not one of --threshold and --delta")
    }
  }
}
