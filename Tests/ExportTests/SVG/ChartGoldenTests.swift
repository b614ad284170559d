import Foundation
import Testing

/// The sample charts compared byte for byte with the SVG files in `Golden/`.
///
/// After an intended change to the renderer, regenerate the files and look at them (for
/// example `rsvg-convert -o /tmp/x.png Golden/lead-day-rmse.svg`) before committing:
///
///     SKYCAST_UPDATE_GOLDEN=1 swift test --filter ChartGoldenTests
///
/// With the variable set, the test writes the files and still fails if they differed, so a run
/// that rewrote something is never mistaken for a pass.
@Suite struct ChartGoldenTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static let charts: [(file: String, render: @Sendable () -> String)] = [
    ("lead-day-rmse.svg", { SampleCharts.leadDayRMSE.svg() }),
    ("beijing-temperature.svg", { SampleCharts.beijingTemperature.svg() }),
    ("daily-precipitation.svg", { SampleCharts.dailyPrecipitation.svg() }),
    ("edge-cases.svg", { SampleCharts.edgeCases.svg() }),
  ]

  /// Same dataset, same bytes as the committed figure.
  @Test("sample charts match their golden SVG files", arguments: 0..<charts.count)
  func golden(index: Int) throws {
    let (file, render) = Self.charts[index]
    let svg = render()
    let url = Self.directory.appendingPathComponent(file)
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["SKYCAST_UPDATE_GOLDEN"] == "1", stored != svg {
      try FileManager.default.createDirectory(
        at: Self.directory, withIntermediateDirectories: true)
      try Data(svg.utf8).write(to: url)
    }
    let expected = try #require(stored, "missing \(file); run with SKYCAST_UPDATE_GOLDEN=1")
    #expect(svg == expected, "\(file) differs from the golden file")
    _ = try XMLTreeBuilder.parse(svg)
  }
}
