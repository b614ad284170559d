import Foundation
import Testing

@testable import SkycastModel

@Suite struct FetchSourceTests {
  @Test(
    "every source reads back from its stored name",
    arguments: [
      (FetchSource.forecast, "forecast"), (.previousRuns, "previous-runs"),
      (.singleRuns, "single-runs"), (.analysis(model: "ecmwf_ifs025"), "analysis:ecmwf_ifs025"),
      (.ensemble, "ensemble"), (.era5, "era5"), (.archive, "archive"),
      (.station(provider: .dwd, id: "00433"), "station:dwd:00433"),
      (.station(provider: .isdLite, id: "103840-99999"), "station:isd-lite:103840-99999"),
      (.synthetic, "synthetic"), (.imported("qweather"), "qweather"),
    ])
  func roundTrip(source: FetchSource, raw: String) {
    #expect(source.rawValue == raw)
    #expect(FetchSource(rawValue: raw) == source)
    #expect(source.isBuiltIn == (raw != "qweather"))
  }

  @Test("a name of no built-in shape is an import's; its fetch-log name says so")
  func imports() {
    #expect(FetchSource(rawValue: "station:nowhere:1") == .imported("station:nowhere:1"))
    #expect(FetchSource(rawValue: "station:dwd:") == .imported("station:dwd:"))
    #expect(FetchSource(rawValue: "analysis:") == .imported("analysis:"))
    #expect(FetchSource.imported("mA").fetchLogValue == "import:mA")
    #expect(FetchSource.era5.fetchLogValue == "era5")
    #expect(FetchSource.forecast.isKeyedByFetch && !FetchSource.previousRuns.isKeyedByFetch)
  }

  /// Words that are spelled like a source but are something else, each with its reason.
  static let notSources: [String: String] = [
    "Store/Series/SeriesSelection.swift": "the --series keyword `forecast`",
    "Verify/VerifyTable.swift": "the pairs' `forecast` column",
    "Verify/ReliabilityFigure.swift": "a legend label",
    "SkycastCLI/Commands/FetchReporter.swift": "nouns in progress lines",
    "SkycastCLI/Commands/SummaryCommand.swift": "the --series keyword and its prose",
    "SkycastCLI/Commands/SparkCommand.swift": "the --ensemble flag and the --series keyword",
    "SkycastCLI/Commands/VerifyCommand.swift": "the --ensemble flag",
    "SkycastCLI/Commands/VerifyCommand+Options.swift": "the --ensemble flag's declaration",
    "SkycastCLI/Commands/SparkCommand+Runs.swift": "the --ensemble flag",
    "SkycastCLI/Framework/HelpTopic.swift": "the command name `archive`",
    "SkycastCLI/Commands/ArchiveCommand.swift": "the command name `archive`",
    "SkycastCLI/Commands/VerifyCommand+Ensemble.swift": "the --ensemble flag",
    "SkycastCLI/Commands/CollectCommand.swift": "the --ensemble option",
    "SkycastCLI/Commands/CollectCommand+Ensemble.swift": "the --ensemble option",
    "skycast-bench/Benchmark+Ensemble.swift": "the SKYCAST_BENCH_ONLY section name",
    "skycast-bench/BenchQueries+Archive.swift": "the command name `archive`",
  ]

  @Test("no source name is spelled outside FetchSource and the schema's SQL")
  func noSourceLiterals() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let pattern = try NSRegularExpression(
      pattern:
        #""(forecast|previous-runs|single-runs|era5|archive|ensemble|synthetic)"|"(import|station|analysis):("|\\\(|\w)"#
    )
    for line in [#"source: "era5","#, #"let name = "import:" + source"#, #"case "ensemble":"#] {
      #expect(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil)
    }
    var found: [String] = []
    let files = FileManager.default.enumerator(atPath: sources.path)
    while let file = files?.nextObject() as? String {
      guard file.hasSuffix(".swift"), !file.hasSuffix("SkycastModel/FetchSource.swift"),
        !file.hasPrefix("Store/Schema/"), Self.notSources[file] == nil
      else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = String(line)
        guard !code.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
        if pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
          found.append("\(file):\(number + 1): \(code.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    #expect(found.isEmpty, "\(found.sorted().joined(separator: "\n"))")
  }
}
