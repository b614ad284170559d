import Export
import SkycastModel
import Store
import Verify

/// `verify --diagram KIND` (the verification diagrams) and `--lead-days` (which lead days a
/// figure or diagram draws).
extension VerifyCommand {
  static let diagramOptions: [OptionSpec] = [Options.diagram.spec, Options.leadDays.spec]

  /// Checks `--diagram` against the other options and sets its grouping: lead day first for
  /// the diagrams drawn one point (or line) per lead day.
  static func prepareDiagram(
    _ diagram: VerifyDiagram, groupBy: inout [VerifyKey], variableName: String,
    invocation: Invocation
  ) throws {
    // The declared rules (`diagramValueRules`) leave a diagram of single forecasts, with its
    // event, of a variable on a line, by the keys it draws.
    if diagram.groupsByLeadDay, !groupBy.contains(where: { $0 == .lead || $0 == .leadDay }) {
      groupBy.insert(.leadDay, at: 0)
    }
  }

  /// Runs `--diagram`: the points as a table, or the figure with `--format svg`.
  static func runDiagram(
    _ diagram: VerifyDiagram, request: VerifyRequest, verifier: Verifier, format: OutputFormat,
    figure: Bool, invocation: Invocation
  ) throws -> Int32 {
    let leadDays = try invocation[Options.leadDays]
    var request = request
    let size = try diagramSize(diagram, figure: figure, invocation: invocation)
    var context = DiagramContext(
      request: request, cities: [], leadDays: leadDays, width: size.width, height: size.height,
      title: figure ? try invocation.figureTitle() : .automatic)
    let table: DiagramTable
    let svg: Drawing?
    let pairCount: Int
    if diagram.usesPairs {
      let pairs = try verifier.store.read {
        try DiagramPairs.collect(request, verifier: verifier, leadDays: leadDays)
      }
      context.cities = pairs.cities
      if request.period == nil { context.pairedDates = pairs.dates }
      pairCount = pairs.groups.reduce(0) { $0 + $1.forecasts.count }
      switch diagram {
      case .taylor:
        table = TaylorDiagram.table(pairs, context: context)
        svg = figure ? TaylorDiagram.drawing(pairs, context: context) : nil
      case .discrimination:
        table = DiscriminationDiagram.table(pairs, context: context)
        svg = figure ? DiscriminationDiagram.drawing(pairs, context: context) : nil
      case .qq:
        table = QuantileDiagram.table(pairs, context: context)
        svg = figure ? QuantileDiagram.drawing(pairs, context: context) : nil
      default:
        table = ConditionalDiagram.table(pairs, context: context)
        svg = figure ? ConditionalDiagram.drawing(pairs, context: context) : nil
      }
    } else {
      request.measuresPeriod = request.period == nil
      var report = try verifier.store.read { try verifier.scores(request) }
      if let leadDays {
        report.rows = report.rows.filter {
          leadDays.keeps(keys: report.request.keys, values: $0.keys)
        }
      }
      context.request = report.request
      context.pairedDates = report.pairedDates
      context.cities = try contributingCities(
        report.request, verifier: verifier, leadDays: leadDays)
      pairCount = report.rows.reduce(0) { $0 + $1.scores.n }
      if diagram == .performance {
        table = PerformanceDiagram.table(report, context: context)
        svg = figure ? PerformanceDiagram.drawing(report, context: context) : nil
      } else {
        table = EconomicValueDiagram.table(report, context: context)
        svg = figure ? EconomicValueDiagram.drawing(report, context: context) : nil
      }
    }
    if pairCount == 0 {
      let what =
        "no forecast–observation pairs matched (check --source, --model, --city, --from/--to and --lead-days)"
      if figure { throw invocation.emptyFigure(what) } else { invocation.info(what) }
    }
    let output = try invocation.dataOutput()
    if let svg {
      try invocation.writeFigure(svg, to: output)
      try output.flush()
      return ExitStatus.success
    }
    let writer = invocation.rowWriter(format: format, output: output)
    try writer.comment(table.comment)
    try writer.begin(columns: table.columns)
    for row in table.rows { try writer.write(row) }
    try writer.finish()
    return ExitStatus.success
  }

  /// `--width`/`--height`, or the diagram's own default: a square diagram needs a canvas
  /// taller than wide (title and legend above and below the square), not the 16:9 of a line
  /// figure.
  static func diagramSize(_ diagram: VerifyDiagram, figure: Bool, invocation: Invocation) throws
    -> (width: Int, height: Int)
  {
    guard figure else { return (680, 720) }
    let square = diagram != .discrimination
    return try invocation.figureSize(
      defaultWidth: square ? 680 : 800, defaultHeight: square ? 720 : 500)
  }

  /// The names of the cities that contributed at least one pair to the request's groups (in
  /// the chosen lead days), for a subtitle that names no city without data: one more grouped
  /// pass, by city (and lead day), without intervals.
  static func contributingCities(
    _ request: VerifyRequest, verifier: Verifier, leadDays: LeadDaySelection?
  ) throws -> [String] {
    var byCity = request
    byCity.groupBy = leadDays == nil ? [.city] : [.city, .leadDay]
    byCity.bootstrap = nil
    byCity.measuresPeriod = false
    byCity.event = nil
    byCity.skill = nil
    let report = try verifier.store.read { try verifier.scores(byCity) }
    let cityIndex = report.request.keys.firstIndex(of: .city) ?? 0
    var names: Set<String> = []
    for row in report.rows where row.scores.n > 0 {
      if let leadDays, !leadDays.keeps(keys: report.request.keys, values: row.keys) { continue }
      if cityIndex < row.keys.count { names.insert(row.keys[cityIndex].description) }
    }
    return names.sorted()
  }
}
