import Analysis
import Export
import SkycastModel
import Store

/// `verify --ensemble --diagram pit`: the PIT histogram (``PITHistogram``) of each group, as a
/// figure with the flat line of a calibrated ensemble, or as rows.
extension EnsembleFigure {
  /// The PIT histogram's bins.
  public static let pitBins = 10

  /// Bars of each group over ten PIT bins, and a dashed line at 0.1.
  public static func pitHistogram(
    _ report: EnsembleReport, width: Int, height: Int, title: FigureTitle = .automatic
  ) -> Drawing {
    let series = report.histograms.enumerated().map { index, row in
      BarSeries(
        name: row.keys.isEmpty
          ? "all cases"
          : zip(report.request.groupBy, row.keys).map { key, value in
            key == .leadDay ? "lead day \(value)" : value.description
          }.joined(separator: " · "),
        values: PITHistogram.frequencies(
          rankWeights: row.pitWeights ?? row.counts.map(Double.init), bins: pitBins) ?? [],
        style: .automatic(index))
    }
    let (heading, shows) = title.resolve(
      "PIT histogram of \(report.request.variable.displayNameInSentence)")
    var chart = BarChart(
      title: heading,
      subtitle: FigureTitle.subtitle([
        "ensemble\(report.modelsText) vs \(report.request.observationSource) observations",
        "nonrandomised PIT from the ranks (Czado et al. 2009)",
      ]),
      categories: (0..<pitBins).map {
        ChartText.number(Double($0) / Double(pitBins), decimals: 1) + "–"
          + ChartText.number(Double($0 + 1) / Double(pitBins), decimals: 1)
      },
      xLabel: "Probability integral transform of the observation",
      yAxis: ChartAxis(label: "Relative frequency", includesZero: true, decimals: 3),
      series: series, width: width, height: height)
    chart.referenceLine = (1 / Double(pitBins), "flat: a calibrated ensemble")
    chart.showsTitle = shows
    return chart.drawing()
  }

  /// Key columns, then `pit_lo pit_hi frequency`.
  public static func pitColumns(_ request: EnsembleVerifyRequest) -> [Column] {
    VerifyTable.keyColumns(request.groupBy) + [
      Column("pit_lo", .score), Column("pit_hi", .score), Column("frequency", .score),
    ]
  }

  /// One row per PIT bin of a group.
  public static func pitCells(_ row: RankHistogramRow) -> [[Cell]] {
    let frequencies =
      PITHistogram.frequencies(
        rankWeights: row.pitWeights ?? row.counts.map(Double.init), bins: pitBins) ?? []
    return frequencies.enumerated().map { bin, value in
      row.keys.map(VerifyTable.cell) + [
        .number(Double(bin) / Double(pitBins)), .number(Double(bin + 1) / Double(pitBins)),
        .number(value),
      ]
    }
  }

  /// The comment of the PIT table.
  public static func pitComment(_ report: EnsembleReport) -> String {
    EnsembleTable.histogramComment(report)
      + "; PIT histogram: each rank r of M + 1 spread uniformly over [r/(M + 1), (r + 1)/(M + 1)] into \(pitBins) equal bins, an observation tied with members spread evenly over the tied ranks (no draw, so independent of the seed; nonrandomised PIT, Czado, Gneiting & Held 2009)"
  }
}
