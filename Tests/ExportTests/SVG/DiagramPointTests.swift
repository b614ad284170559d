import Analysis
import Foundation
import SkycastModel
import Store
import Testing

@testable import Verify

/// The points behind each diagram equal what the fixtures were built to give.
@Suite struct DiagramPointTests {
  /// The number in a table cell.
  static func number(_ cell: Cell) -> Double? {
    switch cell {
    case .number(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// Model A's lead day 1 sits at success ratio 0.8, POD 0.8, bias 1 and CSI 40/60.
  @Test("performance points: success ratio, POD, bias and CSI by construction")
  func performance() throws {
    let report = DiagramFixtures.contingencyReport
    let table = PerformanceDiagram.table(report, context: DiagramFixtures.context(report.request))
    let names = table.columns.map(\.name)
    let sr = try #require(names.firstIndex(of: "success_ratio"))
    let pod = try #require(names.firstIndex(of: "pod"))
    let expected: [(Double, Double)] = [
      (0.8, 0.8), (0.75, 0.6), (0.6, 0.5), (0.5, 0.4), (0.5, 0.9), (0.4, 0.8), (0.4, 0.6),
      (0.3, 0.6),
    ]
    #expect(table.rows.count == expected.count)
    for (row, (x, y)) in zip(table.rows, expected) {
      #expect(Approx.near(Self.number(row[sr]), x))
      #expect(Approx.near(Self.number(row[pod]), y))
    }
    let first = table.rows[0]
    #expect(Approx.near(Self.number(first[names.firstIndex(of: "fbias")!]), 1))
    #expect(Approx.near(Self.number(first[names.firstIndex(of: "csi")!]), 40.0 / 60))
  }

  /// At α = s the value is the Peirce score H − F: model A day 1 (a 40, b 10, c 10, d 340)
  /// has s = 0.125, H = 0.8, F = 10/350.
  @Test("economic value at the base rate is H − F")
  func value() throws {
    let report = DiagramFixtures.contingencyReport
    let curve = EconomicValueDiagram.curve(report.rows[0])
    #expect(curve.count == 99)
    let table = EconomicValueDiagram.table(report, context: DiagramFixtures.context(report.request))
    #expect(table.rows.count == 99 * report.rows.count)
    let direct = EconomicValue.value(
      hits: 40, falseAlarms: 10, misses: 10, correctNegatives: 340, costLoss: 0.125)
    #expect(Approx.near(direct, 0.8 - 10.0 / 350))
  }

  /// Each group's σf/σo and R are the targets the forecasts were built from.
  @Test("Taylor points: normalised standard deviation and correlation by construction")
  func taylor() {
    let points = TaylorDiagram.points(DiagramFixtures.taylorPairs)
    let targets = DiagramFixtures.taylorTargets.flatMap(\.1)
    #expect(points.count == targets.count)
    for (point, (s, r)) in zip(points, targets) {
      #expect(Approx.near(point.statistics.normalisedDeviation, s))
      #expect(Approx.near(point.statistics.correlation, r))
      #expect(
        Approx.near(
          point.statistics.normalisedCentredDifference, (s * s + 1 - 2 * s * r).squareRoot()))
    }
  }

  /// Forecast o + 1: every forecast quantile is the observed one plus 1; 0.8·o + 2: 0.8·q + 2.
  @Test("quantile–quantile points of a shifted and a scaled forecast")
  func quantiles() {
    let pairs = DiagramFixtures.linearPairs
    let a = QuantileDiagram.quantiles(pairs.groups[0])
    let b = QuantileDiagram.quantiles(pairs.groups[1])
    #expect(a.count == 99 && b.count == 99)
    for point in a { #expect(Approx.near(point.forecast, 0.8 * point.observed + 2)) }
    for point in b { #expect(Approx.near(point.forecast, point.observed + 1)) }
  }

  /// Forecast 0.8·o + 2: in every forecast bin the mean observation is (mean forecast − 2)/0.8;
  /// in every observation bin the mean forecast is 0.8·(mean observation) + 2.
  @Test("conditional means of a linear forecast")
  func conditional() throws {
    let bins = ConditionalDiagram.bins(DiagramFixtures.linearPairs.groups[0])
    #expect(bins.count == 2)
    for (conditioning, list) in bins {
      #expect(list.count == ConditionalDiagram.binCount)
      for bin in list where bin.n > 0 {
        let binned = try #require(bin.meanBinned)
        let other = try #require(bin.meanOther)
        if conditioning == .forecast {
          #expect(Approx.near(other, (binned - 2) / 0.8))
        } else {
          #expect(Approx.near(other, 0.8 * binned + 2))
        }
      }
    }
    #expect(bins[0].1.reduce(0) { $0 + $1.n } == 200)
  }

  /// Forecast o + 1 with the event o ≥ 10: an event forecast is at least 11, so the "yes"
  /// histogram is empty below 11 and the "no" histogram above 11; each sums to 1.
  @Test("discrimination histograms of a forecast that separates the event")
  func discrimination() throws {
    let event = VerifyEvent(threshold: 10)
    let histogram = try #require(
      DiscriminationDiagram.histograms(DiagramFixtures.linearPairs.groups[1], event: event))
    for (bin, count) in histogram.yes.enumerated() where histogram.edges[bin + 1] <= 11 {
      #expect(count == 0)
    }
    for (bin, count) in histogram.no.enumerated() where histogram.edges[bin] > 11 {
      #expect(count == 0)
    }
    #expect(histogram.yes.reduce(0, +) == 100 && histogram.no.reduce(0, +) == 100)
  }

  /// A reliable bin of 4000 forecasts at 5 %: its 90 % bar is Binomial(4000, 0.05)'s 5–95 %
  /// quantiles over n, and contains the observed 5 %.
  @Test("the reliability diagram's consistency bars are binomial ranges")
  func consistencyBars() throws {
    let range = try #require(
      BinomialQuantiles.frequencyRange(level: 0.9, trials: 4000, probability: 0.05))
    #expect(range.lower < 0.05 && range.upper > 0.05)
    // ±1.645 standard errors, √(0.05·0.95/4000) = 0.00345, to within a count.
    #expect(abs(range.upper - 0.05 - 1.645 * 0.003446) < 0.0003)
    let svg = ReliabilityFigure.drawing(
      DiagramFixtures.reliabilityReport, width: 680, height: 720
    ).svg()
    #expect(svg.contains("Forecasts per bin (log scale)"))
    #expect(svg.contains(">10⁴<") || svg.contains(">10000<") || svg.contains(">1000<"))
  }
}
