import Export
import Foundation
import SkycastModel
import Testing

@testable import Verify

/// The ensemble figures compared byte for byte with `Golden/ensemble-*.svg` (regenerate with
/// `SKYCAST_UPDATE_GOLDEN=1 swift test --filter EnsembleFigureGoldenTests` and look at them).
@Suite struct EnsembleFigureGoldenTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Two models over lead days 0–4, the second wider and worse, with an under-dispersive
  /// histogram (U-shaped) for the first and a flat one for the second.
  static var report: EnsembleReport {
    var request = EnsembleVerifyRequest(
      variable: .temperature2m, observationSource: "era5", groupBy: [.model, .leadDay])
    request.seed = 2026
    var rows: [EnsembleScoreRow] = []
    for (model, width) in [("ecmwf_ifs025_ensemble", 1.0), ("ncep_gefs025", 1.4)] {
      for day in 0..<5 {
        let d = Double(day)
        rows.append(
          EnsembleScoreRow(
            keys: [.text(model), .integer(Int64(day))], n: 240 - day * 10, members: 51,
            crps: 0.5 * width + 0.18 * d, bias: 0.1, mae: 0.7 + 0.25 * d, rmse: 0.9 + 0.3 * d,
            spread: 0.6 * width + 0.22 * d, spreadSkill: nil, crpss: nil, referenceCases: 0))
      }
    }
    let ushape = (0...10).map { rank in 20 + 4 * (rank - 5) * (rank - 5) }
    let flat = (0...10).map { 60 + ($0 % 3) * 4 }
    let histograms = [
      RankHistogramRow(
        keys: [.text("ecmwf_ifs025_ensemble")], members: 10, counts: ushape, skipped: 0),
      RankHistogramRow(keys: [.text("ncep_gefs025")], members: 10, counts: flat, skipped: 0),
    ]
    return EnsembleReport(
      request: request, rows: rows, histograms: histograms, reliability: [], cases: 2200)
  }

  static let charts: [(file: String, render: @Sendable () -> Drawing?)] = [
    (
      "ensemble-rank-histogram.svg",
      { EnsembleFigure.rankHistogram(report, width: 800, height: 450) }
    ),
    (
      "ensemble-spread-skill.svg",
      { EnsembleFigure.lines(report, score: .spreadSkill, width: 800, height: 450) }
    ),
    (
      "ensemble-crps-by-lead.svg",
      { EnsembleFigure.lines(report, score: .crps, width: 800, height: 450) }
    ),
    (
      "ensemble-pit-histogram.svg",
      { EnsembleFigure.pitHistogram(report, width: 800, height: 450) }
    ),
  ]

  /// The U-shaped ranks of the first model give a U-shaped PIT histogram: the outer bins above
  /// 0.1, the middle ones below; the flat ranks of the second stay within 0.02 of 0.1.
  @Test("the PIT histogram follows the rank histogram's shape")
  func pitShape() throws {
    let report = Self.report
    let rows = report.histograms.flatMap(EnsembleFigure.pitCells)
    #expect(rows.count == 20)
    func value(_ cells: [Cell]) -> Double {
      if case .number(let value) = cells.last { return value }
      return .nan
    }
    let first = rows.prefix(10).map(value)
    #expect(first[0] > 0.1 && first[9] > 0.1 && first[4] < 0.1 && first[5] < 0.1)
    #expect(abs(first.reduce(0, +) - 1) < 1e-12)
    for frequency in rows.suffix(10).map(value) { #expect(abs(frequency - 0.1) < 0.02) }
    let svg = EnsembleFigure.pitHistogram(report, width: 800, height: 450).svg()
    #expect(svg.contains("flat: a calibrated ensemble"))
    #expect(svg.contains("Probability integral transform of the observation"))
  }

  @Test("ensemble figures match their golden SVG files", arguments: 0..<charts.count)
  func golden(index: Int) throws {
    let (file, render) = Self.charts[index]
    let svg = try #require(render()).svg()
    let url = Self.directory.appendingPathComponent(file)
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["SKYCAST_UPDATE_GOLDEN"] == "1", stored != svg {
      try Data(svg.utf8).write(to: url)
    }
    let expected = try #require(stored, "missing \(file); run with SKYCAST_UPDATE_GOLDEN=1")
    #expect(svg == expected, "\(file) differs from the golden file")
    _ = try XMLTreeBuilder.parse(svg)
  }

  @Test("the rank histogram draws M + 1 bars per group and the dashed flat line at 1/(M + 1)")
  func histogramParts() throws {
    let svg = EnsembleFigure.rankHistogram(Self.report, width: 800, height: 450).svg()
    #expect(svg.contains("stroke-dasharray=\"6 4\""))
    #expect(svg.contains("flat: a calibrated ensemble"))
    #expect(svg.components(separatedBy: "<path d=\"M").count - 1 >= 22)
    #expect(svg.contains(">10</text>"))
  }

  @Test("the spread-skill figure has a spread and an RMSE line per model; none without lead")
  func spreadSkillParts() throws {
    let svg = try #require(
      EnsembleFigure.lines(Self.report, score: .spreadSkill, width: 800, height: 450)
    ).svg()
    #expect(svg.contains("ecmwf_ifs025_ensemble: spread"))
    #expect(svg.contains("ncep_gefs025: RMSE of the mean"))
    var report = Self.report
    report.request.groupBy = [.model]
    #expect(EnsembleFigure.lines(report, score: .crps, width: 800, height: 450) == nil)
  }
}
