import Verify

extension VerifyCommand {
  /// Whether a `--format svg` score figure scores its lines on the cases every line has, as
  /// `--same-cases` does: its x axis is the valid hour or the month, so each line pools its
  /// leads, and the selection holds several forecast systems (sources or models). A source
  /// whose leads end at 6 h drawn against one that runs to 15 days would otherwise compare
  /// different leads (issue 42); the subtitle says how many cases were kept.
  static func figureNeedsCommonCases(_ request: VerifyRequest) -> Bool {
    let keys = request.keys
    guard !keys.contains(.lead), !keys.contains(.leadDay), !request.sameCases,
      request.skill == nil, !request.vectorWind,
      keys.contains(.source) || keys.contains(.model)
    else { return false }
    let systems = request.selectedModelsBySource.values.reduce(0) { $0 + Set($1).count }
    return systems > 1
  }

  /// The subtitle's note when the forecast systems share no case (`previous-runs` and
  /// `forecast` at different leads): the lines are drawn on their own cases.
  static let noCommonCasesNote =
    "no case (city, valid time, lead) is forecast by all of them: each line pools its own leads"
}
