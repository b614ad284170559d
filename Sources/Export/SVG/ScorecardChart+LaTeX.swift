/// The scorecard as a LaTeX table: the same grid, each cell shaded with `\cellcolor` in the
/// figure's colour and its value in per cent, a star where the difference is significant.
extension ScorecardChart {
  /// A `table` environment (needs `\usepackage[table]{xcolor}`, named in the first line).
  ///
  /// - Parameters:
  ///   - caption: the caption text (escaped here).
  ///   - label: the `\label`.
  public func latex(caption: String, label: String) -> String {
    var lines = [
      "% Needs \\usepackage[table]{xcolor} for \\cellcolor.",
      "\\begin{table}[htbp]",
      "\\centering",
      "\\caption{" + LaTeXText.escape(caption) + "}",
      "\\label{" + LaTeXText.label(label) + "}",
      "\\begin{tabular}{l" + String(repeating: "r", count: columnLabels.count) + "}",
      "\\hline",
      " & \\multicolumn{\(columnLabels.count)}{c}{" + LaTeXText.escape(columnTitle) + "} \\\\",
      "Variable & " + columnLabels.map(LaTeXText.escape).joined(separator: " & ") + " \\\\",
      "\\hline",
    ]
    for (row, label) in rowLabels.enumerated() {
      let line = row < cells.count ? cells[row] : []
      let texts = columnLabels.indices.map { column -> String in
        guard column < line.count, let value = line[column].value, value.isFinite else {
          return "--"
        }
        let rgb = color(value).dropFirst()
        let number = Self.percent(value).replacingMinus
        return "\\cellcolor[HTML]{\(rgb)}$\(number)"
          + (line[column].significant ? "^{*}" : "") + "$"
      }
      lines.append(LaTeXText.escape(label) + " & " + texts.joined(separator: " & ") + " \\\\")
    }
    lines += [
      "\\hline", "\\end{tabular}", "\\end{table}",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The typographic minus (U+2212) as TeX's math minus.
  fileprivate var replacingMinus: String {
    String(map { $0 == "\u{2212}" ? "-" : $0 })
  }
}
