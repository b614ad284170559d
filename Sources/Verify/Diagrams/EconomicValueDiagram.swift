import Analysis
import Export
import SkycastModel
import Store

/// `verify --diagram value`: relative economic value against the cost/loss ratio 0.01…0.99
/// for each group's contingency table (Richardson 2000, ``EconomicValue``), one line per group.
public enum EconomicValueDiagram {
  /// The cost/loss ratios of the curve, as verif's: 0.01, 0.02, …, 0.99.
  public static let costLossRatios: [Double] = (1...99).map { Double($0) / 100 }

  /// The value of one row at every ratio of ``costLossRatios``.
  static func curve(_ row: VerifyRow) -> [(costLoss: Double, value: Double?)] {
    let table = row.contingency
    return costLossRatios.map { alpha in
      (alpha, table.flatMap { EconomicValue.value($0, costLoss: alpha) })
    }
  }

  /// Key columns, then `n cost_loss value`: 99 rows per group.
  public static func table(_ report: VerifyReport, context: DiagramContext) -> DiagramTable {
    let rows = report.rows.flatMap { row in
      curve(row).map { point in
        row.keys.map(VerifyTable.cell) + [
          .integer(Int64(row.scores.n)), .number(point.costLoss), VerifyTable.number(point.value),
        ]
      }
    }
    return DiagramTable(
      comment: context.commentText
        + "; value = (min(α, s) − ((a + b)α + c)/n) / (min(α, s) − sα) at cost/loss ratio α, s = (a + c)/n the base rate (Richardson 2000); empty when the event never or always happened",
      columns: VerifyTable.keyColumns(report.request.keys) + [
        Column("n", .integer), Column("cost_loss", .score), Column("value", .score),
      ],
      rows: rows)
  }

  /// The diagram: value from 0 to 1 against α; values below 0 (worse than climatology) run off
  /// the bottom edge, as in Richardson's figures.
  public static func drawing(_ report: VerifyReport, context: DiagramContext) -> Drawing {
    let request = report.request
    let leadKey = request.keys.first { $0 == .leadDay || $0 == .lead }
    let series = report.rows.enumerated().map { index, row in
      let name = DiagramLines<VerifyRow>.name(
        row.keys.enumerated().map { position, value in
          let key = request.keys[position]
          if key == .leadDay { return "lead day \(value)" }
          if key == .lead { return "lead \(value) h" }
          return value.description
        })
      return ChartSeries(
        name: name.isEmpty ? request.variableDisplayName : name,
        points: curve(row).map { ChartPoint(x: $0.costLoss, y: $0.value, n: row.scores.n) },
        style: .automatic(index))
    }
    var x = ChartAxis(label: "Cost/loss ratio", decimals: 2)
    x.range = 0...1
    var y = ChartAxis(label: "Relative economic value", decimals: 3)
    y.range = 0...1
    let (heading, shows) = context.title.resolve(
      "Relative economic value: \(context.eventText ?? request.variableDisplayNameInSentence)")
    var chart = DiagramChart(
      title: heading,
      subtitle: context.subtitle([
        leadKey == nil ? nil : "one line per lead", "below 0: worse than climatology",
      ]),
      xAxis: x, yAxis: y, series: series, width: context.width, height: context.height)
    chart.showsTitle = shows
    chart.markers = .never
    return chart.drawing()
  }
}
