/// What a figure shows at its top: the title it works out itself, the user's own (`--title`),
/// or nothing (`--no-title`, when a LaTeX or Word caption takes its place).
public enum FigureTitle: Sendable, Equatable {
  case automatic
  case custom(String)
  case none

  /// The title to use given the figure's own, and whether to draw title and subtitle.
  public func resolve(_ automatic: String) -> (title: String, shows: Bool) {
    switch self {
    case .automatic: (automatic, true)
    case .custom(let text): (text, true)
    case .none: (automatic, false)
    }
  }

  /// `Berlin, 北京 · latest forecast (best_match) · 2026-03-01 to 2026-03-31`: the parts of a
  /// subtitle that are present, joined.
  public static func subtitle(_ parts: [String?]) -> String {
    parts.compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · ")
  }

  /// City names for a subtitle, shortened after `limit` (`A, B, C and 4 more`).
  public static func cities(_ names: [String], limit: Int = 4) -> String {
    guard names.count > limit else { return names.joined(separator: ", ") }
    return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
  }
}
