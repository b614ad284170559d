import Analysis
import Export
import SkycastModel
import Store

/// `verify --diagram performance`: the success ratio 1 − FAR against the probability of
/// detection, one point per group, joined along lead days (Roebber 2009, "Visualizing multiple
/// measures of forecast quality", Weather and Forecasting 24:601–608).
///
/// Dashed lines from the origin are frequency bias POD/SR = B (the diagonal is B = 1); dotted
/// curves are the critical success index, 1/CSI = 1/SR + 1/POD − 1. A perfect forecast sits at
/// the top right.
public enum PerformanceDiagram {
  /// The bias isolines drawn and labelled.
  static let biases: [Double] = [0.3, 0.5, 0.8, 1, 1.3, 1.5, 2, 3, 5]
  /// The CSI isolines drawn and labelled.
  static let csis: [Double] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]

  /// True when `--threshold` lists several: each row is one threshold's point.
  static func perThreshold(_ report: VerifyReport) -> Bool {
    report.request.thresholds.count > 1
  }

  /// `1 mm`: a row's own threshold, naming its line.
  static func thresholdText(_ row: VerifyRow, request: VerifyRequest) -> String {
    let value = row.event?.threshold ?? request.event?.threshold ?? 0
    let unit = request.variable.unit
    return "threshold " + NumberText.shortest(value) + (unit.isEmpty ? "" : " " + unit)
  }

  /// Key columns (and `threshold` when several are scored), then
  /// `n a b c d success_ratio pod fbias csi`.
  public static func table(_ report: VerifyReport, context: DiagramContext) -> DiagramTable {
    let request = report.request
    let several = perThreshold(report)
    let rows = report.rows.map { row -> [Cell] in
      let table = row.contingency
      let threshold: [Cell] =
        several ? [.number(row.event?.threshold ?? request.event?.threshold ?? .nan)] : []
      return row.keys.map(VerifyTable.cell) + threshold + [
        .integer(Int64(row.scores.n)), count(table?.a), count(table?.b), count(table?.c),
        count(table?.d), VerifyTable.number(table?.far.map { 1 - $0 }),
        VerifyTable.number(table?.pod), VerifyTable.number(table?.fbias),
        VerifyTable.number(table?.csi),
      ]
    }
    return DiagramTable(
      comment: context.commentText
        + "; success_ratio = 1 − far = a/(a + b), pod = a/(a + c), fbias = (a + b)/(a + c), csi = a/(a + b + c) (Roebber 2009)",
      columns: VerifyTable.keyColumns(request.keys)
        + (several ? [Column("threshold", .dynamic, unit: request.variable.unit)] : []) + [
          Column("n", .integer), Column("a", .integer), Column("b", .integer),
          Column("c", .integer), Column("d", .integer), Column("success_ratio", .score),
          Column("pod", .score), Column("fbias", .score), Column("csi", .score),
        ],
      rows: rows)
  }

  private static func count(_ value: Int?) -> Cell { value.map { .integer(Int64($0)) } ?? .null }

  /// The diagram.
  public static func drawing(_ report: VerifyReport, context: DiagramContext) -> Drawing {
    let request = report.request
    // Several thresholds: one line per threshold (and per the other keys), so each threshold
    // is its own point at every lead day.
    let several = perThreshold(report)
    let split = DiagramLines(
      report.rows, keys: request.keys,
      values: { row in
        row.keys + (several ? [.text(thresholdText(row, request: request))] : [])
      },
      fallback: request.variableDisplayName)
    var series: [ChartSeries] = []
    var labels: [ChartLabel] = []
    for (index, line) in split.lines.enumerated() {
      let style = SeriesStyle.automatic(index)
      var points: [ChartPoint] = []
      for (lead, row) in line.rows {
        guard let table = row.contingency, let far = table.far, let pod = table.pod else {
          continue
        }
        points.append(ChartPoint(x: 1 - far, y: pod, n: row.scores.n))
        if let lead {
          labels.append(
            ChartLabel(
              x: 1 - far, y: pod, text: DiagramLines<VerifyRow>.leadText(lead, keys: request.keys),
              color: style.color))
        }
      }
      // Points in lead order, not sorted by x: the line follows the lead days.
      series.append(ChartSeries(name: line.name, points: points, style: style))
    }
    var x = ChartAxis(label: "Success ratio (1 − false alarm ratio)", decimals: 3)
    x.range = 0...1
    var y = ChartAxis(label: "Probability of detection", decimals: 3)
    y.range = 0...1
    let (heading, shows) = context.title.resolve(
      "Performance diagram: "
        + (several
          ? "\(request.variableDisplayNameInSentence) at \(request.thresholds.count) thresholds"
          : context.eventText ?? request.variableDisplayNameInSentence))
    var chart = DiagramChart(
      title: heading,
      subtitle: context.subtitle([
        "dashed: frequency bias", "dotted: critical success index",
        request.keys.contains { $0 == .leadDay || $0 == .lead } ? "labels: lead" : nil,
      ]),
      xAxis: x, yAxis: y, series: series, width: context.width, height: context.height)
    chart.showsTitle = shows
    chart.headroom = 12
    chart.labels = labels
    chart.guides = guides()
    return chart.drawing()
  }

  /// Bias lines from the origin, labelled where they leave the square (top or right edge),
  /// and CSI curves from (CSI, 1) to (1, CSI), labelled near the right edge.
  static func guides() -> [ChartGuide] {
    var guides: [ChartGuide] = []
    for bias in biases {
      let end = bias >= 1 ? (x: 1 / bias, y: 1.0) : (x: 1.0, y: bias)
      // Above the top edge for B ≥ 1, right of the right edge for B < 1.
      let labelAt = bias >= 1 ? (x: end.x, y: 1.03) : (x: 1.045, y: end.y)
      guides.append(
        ChartGuide(
          points: [(0, 0), end], stroke: .dashed, label: ChartText.number(bias, decimals: nil),
          labelAt: labelAt))
    }
    for csi in csis {
      // POD as a function of SR on the isoline; SR runs from CSI (POD = 1) to 1 (POD = CSI).
      let points = (0...60).map { step -> (x: Double, y: Double) in
        let sr = csi + (1 - csi) * Double(step) / 60
        return (sr, 1 / (1 / csi - 1 / sr + 1))
      }
      let labelX = 0.93
      guides.append(
        ChartGuide(
          points: points, stroke: .dotted, label: ChartText.number(csi, decimals: nil),
          labelAt: (labelX, 1 / (1 / csi - 1 / labelX + 1) + 0.02)))
    }
    return guides
  }
}
