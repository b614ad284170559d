import Analysis
import Export
import SkycastModel
import Store

/// `verify --scorecard --compare A B --vars v1,v2`: for each variable and lead day, the
/// relative difference of A's and B's score on their common cases, (A − B)/B, and whether the
/// Diebold–Mariano test of `--compare` finds the difference significant.
///
/// Built from one ``ComparisonReport`` per variable (grouped by lead day), so every number is
/// the one `verify --compare` prints for that variable.
public struct Scorecard: Sendable {
  /// One cell: a variable (and source, when several are kept apart) at one lead day.
  public struct Entry: Sendable, Equatable {
    /// The row: the variable's column name and, with several sources, the source.
    public var row: String
    /// The row in words, for the figure.
    public var rowWords: String
    public var lead: Int64
    public var n: Int
    public var scoreA: Double?
    public var scoreB: Double?
    /// (A − B)/B; nil when B's score is 0 or missing.
    public var relative: Double?
    public var pValue: Double?
    /// Whether the Diebold–Mariano p-value is below 1 − level.
    public var significant: Bool
    /// Why the test is missing, from `--compare`.
    public var note: String?
  }

  /// A's and B's names.
  public var a: String
  public var b: String
  /// `rmse` or `mae`.
  public var score: String
  /// The test level (0.95).
  public var level: Double
  /// Rows in order (the `--vars` order).
  public var rows: [(row: String, words: String)]
  /// Lead days present, ascending.
  public var leads: [Int64]
  public var entries: [Entry]

  /// The scorecard of one comparison report per variable.
  public static func build(_ reports: [ComparisonReport]) -> Scorecard {
    var rows: [(row: String, words: String)] = []
    var leads: Set<Int64> = []
    var entries: [Entry] = []
    let first = reports.first?.request
    let level = first?.base.bootstrap?.level ?? 0.95
    // The other keys (a source kept apart) name rows only when they differ somewhere.
    var otherValues: Set<[VerifyKeyValue]> = []
    for report in reports {
      let keys = report.request.keys
      for row in report.rows {
        otherValues.insert(
          row.keys.enumerated().filter { !keys[$0.offset].isForecastLevel }.map(\.element))
      }
    }
    let namesOthers = otherValues.count > 1
    for report in reports {
      let keys = report.request.keys
      let base = report.request.base
      guard let leadIndex = keys.firstIndex(where: { $0 == .leadDay || $0 == .lead }) else {
        continue
      }
      for row in report.rows {
        guard case .integer(let lead) = row.keys[leadIndex] else { continue }
        let others =
          namesOthers
          ? row.keys.enumerated().filter { $0.offset != leadIndex }.map(\.element.description)
          : []
        let name = ([base.variableName] + others).joined(separator: " · ")
        let words = ([base.variableDisplayName] + others).joined(separator: " · ")
        if !rows.contains(where: { $0.row == name }) { rows.append((name, words)) }
        leads.insert(lead)
        var relative: Double?
        if let a = row.scoreA, let b = row.scoreB, b != 0 { relative = (a - b) / b }
        let p = row.test?.pValue
        entries.append(
          Entry(
            row: name, rowWords: words, lead: lead, n: row.n, scoreA: row.scoreA,
            scoreB: row.scoreB, relative: relative, pValue: p,
            significant: row.isSignificant(level: level), note: row.note))
      }
    }
    return Scorecard(
      a: first?.a.name ?? "A", b: first?.b.name ?? "B", score: first?.loss.score ?? "rmse",
      level: level, rows: rows, leads: leads.sorted(), entries: entries)
  }

  // MARK: - Table

  /// `variable lead_day n <score>_a <score>_b rel_diff p_value sig note`.
  public static func columns(score: String) -> [Column] {
    [
      Column("variable", .text), Column("lead_day", .integer), Column("n", .integer),
      Column("\(score)_a", .score), Column("\(score)_b", .score), Column("rel_diff", .score),
      Column("p_value", .score), Column("sig", .text), Column("note", .text),
    ]
  }

  public func cells(_ entry: Entry) -> [Cell] {
    [
      .text(entry.row), .integer(entry.lead), .integer(Int64(entry.n)),
      VerifyTable.number(entry.scoreA), VerifyTable.number(entry.scoreB),
      VerifyTable.number(entry.relative), VerifyTable.number(entry.pValue),
      .text(entry.significant ? "*" : ""), entry.note.map(Cell.text) ?? .null,
    ]
  }

  /// The comment line: A, B, score, the relative difference and the test.
  public func comment(observations: String) -> String {
    "scorecard A = \(a), B = \(b) against \(observations) observations; rel_diff = (\(score)_a − \(score)_b)/\(score)_b on the cases both forecast (below 0: A better); sig * where the Diebold–Mariano test (equal-weighted cosine variance, Student t, h = 1 + lead day) of the daily loss differential has p < \(NumberText.shortest(1 - level)) and the interval of verify --compare excludes 0 on the same side; each variable's numbers are those of verify --compare --by lead-day"
  }

  // MARK: - Figure

  /// The figure: variables down, lead days across.
  public func chart(
    subtitle: String, width: Int, height: Int?, title: FigureTitle = .automatic
  ) -> ScorecardChart {
    let scoreWords = (score == "rmse" ? VerifyScore.rmse : .mae).wordsInSentence
    let (heading, shows) = title.resolve("Scorecard: \(a) against \(b), \(scoreWords)")
    var grid: [[ScorecardChart.Cell]] = []
    for row in rows {
      grid.append(
        leads.map { lead in
          guard let entry = entries.first(where: { $0.row == row.row && $0.lead == lead }) else {
            return ScorecardChart.Cell(value: nil, significant: false, tooltip: "no common cases")
          }
          var tip = "\(row.words) · lead day \(lead) · n = \(entry.n)"
          if let a = entry.scoreA, let b = entry.scoreB {
            tip +=
              " · \(score.uppercased()) A \(ChartText.number(a, decimals: 3)), B \(ChartText.number(b, decimals: 3))"
          }
          if let p = entry.pValue { tip += " · p = \(ChartText.number(p, decimals: 3))" }
          if let note = entry.note { tip += " · \(note)" }
          return ScorecardChart.Cell(
            value: entry.relative, significant: entry.significant, tooltip: tip)
        })
    }
    var chart = ScorecardChart(
      title: heading, subtitle: subtitle, rowLabels: rows.map(\.words),
      columnLabels: leads.map(String.init), columnTitle: "Lead (days)", cells: grid,
      width: width, height: height)
    chart.showsTitle = shows
    chart.negativeMeaning = "\(a) better"
    chart.positiveMeaning = "\(b) better"
    chart.markMeaning =
      "Diebold–Mariano test significant at \(ChartText.number(level * 100, decimals: nil)) %"
    chart.valueMeaning = "relative difference (A − B)/B of the \(scoreWords), %"
    return chart
  }
}
