/// How `--format latex` wraps its table: the `\label` key, and whether the output is a whole
/// compilable document (`--standalone`) rather than a `table` float to `\input`.
public struct TableDocument: Sendable, Equatable {
  /// The `\label` key, `tab:skycast-verify`.
  public var label: String
  /// Wrap the float in `\documentclass{article}` … `\end{document}`.
  public var standalone: Bool

  public init(label: String = "tab:skycast", standalone: Bool = false) {
    self.label = label
    self.standalone = standalone
  }
}
