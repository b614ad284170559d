import Analysis
import Export
import Foundation
import TestSupport
import Testing

@testable import SkycastCLI
@testable import Verify

/// `VerifyScore` is the one registry of `verify`'s scores: every score it holds reaches the
/// table, the document headers, the `--score` choices and the help, and the help's lists read
/// as they did when they were written out by hand.
@Suite struct ScoreRegistryTests {
  /// The demo's precipitation with every added score: the table that holds all of them.
  static let everyScore = [
    "verify", "--var", "precipitation", "--obs", "synthetic", "--source", "forecast", "--model",
    "best_match", "--by", "lead-day", "--threshold", "1", "--scores", "extremes,quantiles,spearman",
    "--skill", "persistence", "--format", "csv",
  ]

  /// Each score is a column of the table that asks for all of them, in registry order.
  @Test("every registry score is a column of the verify table, in registry order")
  func tableHasEveryScore() async throws {
    let harness = try demoHarness()
    let result = await harness.run(Self.everyScore)
    #expect(result.exitCode == 0, "\(result.stderr)")
    let header = CSVTable(result.stdout).header
    let columns = VerifyScore.allCases.map(\.column)
    for column in columns { #expect(header.contains(column), "\(column)") }
    let order = header.filter(columns.contains)
    #expect(order.count == columns.count)
    // Within a family the table keeps the registry's order.
    for family in [VerifyScore.contingency, VerifyScore.extremes, VerifyScore.quantiles] {
      #expect(order.filter(family.map(\.column).contains) == family.map(\.column))
    }
  }

  /// LaTeX and Markdown headers take a score's words from its entry; a score without header
  /// words shows its column name.
  @Test("every registry score has its header words in document tables")
  func columnTitles() {
    for score in VerifyScore.allCases {
      let expected = score.header ?? score.column.replacingOccurrences(of: "_", with: " ")
      #expect(ColumnTitle.words(score.column) == expected, "\(score)")
      if let header = score.header {
        #expect(ColumnTitle.words(score.column + "_diff") == header + " A − B")
      }
    }
    #expect(ColumnTitle.words("sedi") == "SEDI")
    #expect(ColumnTitle.words("fbias") == "Freq. bias")
    #expect(ColumnTitle.words("p90") == "p90")
  }

  /// `--score` takes every score, by its hyphenated name, and its help lists them all.
  @Test("every registry score is a --score choice and listed in verify --help")
  func scoreChoices() async {
    let choices = VerifyFigure.Score.allCases.map(\.rawValue)
    #expect(choices == VerifyScore.allCases.map(\.optionName))
    for score in VerifyScore.allCases {
      #expect(VerifyFigure.Score(rawValue: score.column)?.verifyScore == score)
    }
    let help = await CLIHarness().run(["verify", "--help"])
    #expect(help.exitCode == 0)
    let flat = help.stdout.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    #expect(flat.contains(VerifyScore.allCases.map(\.optionName).joined(separator: ", ")))
    #expect(flat.contains(VerifyScore.extremes.map(\.column).joined(separator: ", ")))
  }

  /// The verification topic names every score, no page keeps a placeholder, and the lists
  /// read as the page wrote them before they were generated.
  @Test("the help's score lists come from the registry and read as before")
  func helpLists() async throws {
    for topic in HelpTopic.all { #expect(!topic.markdown.contains("{{"), "\(topic.name)") }
    let page = try #require(HelpTopic.named("verification")).markdown
    for score in VerifyScore.allCases { #expect(page.contains(score.column), "\(score)") }
    #expect(
      VerifyScore.tableList(VerifyScore.extremes)
        == "`kss` (Peirce/Hanssen–Kuipers, pod − pofd), `odds_ratio` (ad/bc), `yules_q` ((ad − bc)/(ad + bc)), `edi`, `sedi` (Ferro & Stephenson 2011)"
    )
    #expect(
      VerifyScore.proseList(VerifyScore.extremes)
        == "kss = pod − pofd (Peirce, Hanssen–Kuipers), odds_ratio = ad/bc, yules_q = (ad − bc)/(ad + bc), edi and sedi (Ferro and Stephenson 2011)"
    )
    #expect(page.contains("adds `threshold op a b c d pod far pofd csi ets fbias hss pc` (a hits"))
    #expect(page.contains("\nsedi (Ferro and Stephenson 2011), as verif defines them;"))
  }

  /// The registry's derived facts: the families partition the scores, and exactly the scores
  /// finished from pairs go without a `--ci` interval.
  @Test("families partition the registry; pair scores take no interval")
  func registryFacts() {
    let families: [ScoreDefinition.Family] = [
      .errors, .contingency, .extremes, .quantiles, .spearman, .brier, .skill,
    ]
    #expect(families.flatMap(VerifyScore.family).count == VerifyScore.allCases.count)
    for score in VerifyScore.allCases {
      let pairs = [.quantiles, .spearman].contains(score.definition.family)
      #expect(score.needsPairs == pairs && score.definition.takesInterval == !pairs, "\(score)")
    }
  }
}
