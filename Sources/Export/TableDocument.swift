/// How `--format latex` wraps its table: the `\label` key, and whether the output is a whole
/// compilable document (`--standalone`) rather than a `table` float to `\input`.
public struct TableDocument: Sendable, Equatable {
  /// The `\label` key, `tab:skycast-verify`.
  public var label: String
  /// Wrap the float in `\documentclass{article}` … `\end{document}`.
  public var standalone: Bool
  /// The caption (`--caption`); nil: the first part of the table's first comment line.
  public var caption: String?
  /// A column with the same value in every row is said once in the caption (scores tables,
  /// where a threshold or block length repeats); a user's query keeps its columns.
  public var constantsInCaption: Bool

  public init(
    label: String = "tab:skycast", standalone: Bool = false, caption: String? = nil,
    constantsInCaption: Bool = false
  ) {
    self.label = label
    self.standalone = standalone
    self.caption = caption
    self.constantsInCaption = constantsInCaption
  }
}
