import Analysis

extension VerifyFigure {
  /// The score a figure plots: any ``VerifyScore`` (`--score rmse`, `mse-skill`, …), so
  /// a score added to the table can be drawn without touching the figure.
  public struct Score: RawRepresentable, CaseIterable, Sendable, Hashable {
    /// The table's score.
    public var verifyScore: VerifyScore

    public init(_ score: VerifyScore) {
      verifyScore = score
    }

    /// `rmse`, `mse-skill`, … (underscores are accepted for hyphens).
    public init?(rawValue: String) {
      guard let score = VerifyScore.named(rawValue) else { return nil }
      verifyScore = score
    }

    public var rawValue: String { verifyScore.optionName }

    /// Every score of the table, in its column order.
    public static var allCases: [Score] { VerifyScore.allCases.map(Score.init) }

    public static let rmse = Score(.rmse)
    public static let mseSkill = Score(.mseSkill)
  }
}
