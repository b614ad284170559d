import Export

/// `archive lock-in --format svg`: the share of valid times locked in at each lead day, one line
/// per city, source and model, drawn from the same report the tables print.
public enum LockInFigure {
  /// The figure as a drawing (``Drawing/svg()`` or ``TikZRenderer`` renders it).
  ///
  /// - Parameter title: the automatic title, the user's, or none.
  public static func drawing(
    _ report: LockInReport, width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing {
    let models = Set(report.rows.map(\.model))
    let sources = Set(report.rows.map(\.source))
    let series = report.rows.enumerated().map { index, row in
      var name = row.city
      if models.count > 1 { name += " · " + row.model }
      if sources.count > 1 { name += " · " + row.source }
      return ChartSeries(
        name: name,
        points: row.lockedShares.enumerated().map { day, share in
          ChartPoint(x: Double(day), y: share.map { $0 * 100 })
        },
        style: .automatic(index))
    }
    let (heading, showsTitle) = title.resolve("When the forecast locked in")
    let counts = report.rows.map(\.leads.count).reduce(0, +)
    var chart = LineChart(
      title: heading,
      subtitle: FigureTitle.subtitle([
        report.rulePhrase, "\(counts) valid time\(counts == 1 ? "" : "s")",
      ]),
      xAxis: ChartAxis(label: "Lead day", decimals: 0),
      yAxis: ChartAxis(label: "Valid times locked in", unit: "%", range: 0...100, decimals: 0),
      series: series, width: width, height: height, markers: .always)
    chart.showsTitle = showsTitle
    return chart.drawing()
  }
}
