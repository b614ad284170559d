import Export
import SkycastModel
import Store
import Verify

/// `verify --reliability` and `verify --compare`.
extension VerifyCommand {
  // MARK: - Modes

  /// `--reliability` applies to precipitation alone (the modes it refuses are in `rules`).
  static func runReliability(
    _ request: VerifyRequest, verifier: Verifier, format: OutputFormat, figure: Bool,
    invocation: Invocation
  ) throws -> Int32 {
    var report = try verifier.store.read { try verifier.reliability(request) }
    if figure {
      let leadDays = try invocation[Options.leadDays]
      if let leadDays {
        report.rows = report.rows.filter { leadDays.keeps(keys: request.keys, values: $0.keys) }
      }
      if report.rows.allSatisfy({ $0.bins.allSatisfy { $0.n == 0 } }) {
        throw invocation.emptyFigure(
          "no forecasts with a precipitation_probability matched an observation")
      }
      // Square by default: a reliability diagram's axes are both probabilities.
      let size = try invocation.figureSize(defaultWidth: 680, defaultHeight: 720)
      let svg = ReliabilityFigure.drawing(
        report, width: size.width, height: size.height,
        title: try invocation.figureTitle(),
        cities: try contributingCities(request, verifier: verifier, leadDays: leadDays),
        leadDays: leadDays)
      let output = try invocation.dataOutput()
      try invocation.writeFigure(svg, to: output)
      try output.flush()
      return ExitStatus.success
    }
    let writer = invocation.rowWriter(format: format, output: try invocation.dataOutput())
    try writer.comment(ReliabilityTable.comment(report))
    if invocation[Options.bins] {
      try writer.begin(columns: ReliabilityTable.binColumns(request))
      for row in report.rows {
        for cells in ReliabilityTable.binCells(row) { try writer.write(cells) }
      }
    } else {
      try writer.begin(columns: ReliabilityTable.columns(request))
      for row in report.rows { try writer.write(ReliabilityTable.cells(row, request: request)) }
    }
    try writer.finish()
    let rejected = report.rows.reduce(0) { $0 + $1.rejected }
    if rejected > 0 {
      invocation.warn("\(rejected) precipitation probabilities outside 0–100 % were not scored")
    }
    if report.rows.isEmpty {
      invocation.info("no forecasts with a precipitation_probability matched an observation")
    }
    return ExitStatus.success
  }

  static func runComparison(
    _ comparison: ComparisonRequest, base: VerifyRequest, verifier: Verifier, format: OutputFormat,
    figure: Bool, invocation: Invocation
  ) throws -> Int32 {
    var comparison = comparison
    comparison.base = base
    let report = try verifier.store.read { try verifier.compare(comparison) }
    if figure {
      if report.rows.isEmpty {
        throw invocation.emptyFigure(
          "no cases that both \(comparison.a) and \(comparison.b) forecast have an observation")
      }
      let size = try invocation.figureSize()
      let svg = ComparisonFigure.drawing(report, width: size.width, height: size.height)
      let output = try invocation.dataOutput()
      try invocation.writeFigure(svg, to: output)
      try output.flush()
      return ExitStatus.success
    }
    let writer = invocation.rowWriter(format: format, output: try invocation.dataOutput())
    try writer.comment(ComparisonTable.comment(report))
    try writer.begin(columns: ComparisonTable.columns(comparison))
    for row in report.rows { try writer.write(ComparisonTable.cells(row, request: comparison)) }
    try writer.finish()
    if report.rows.isEmpty {
      invocation.info(
        "no cases that both \(comparison.a) and \(comparison.b) forecast have an observation")
    }
    if report.rows.contains(where: { $0.test == nil }) {
      invocation.info(
        "dm, p_value and verdict are empty where the daily series is shorter than 3·h days or the loss differential is constant"
      )
    }
    return ExitStatus.success
  }
}
