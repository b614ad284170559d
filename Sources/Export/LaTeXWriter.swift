import SkycastModel

/// Prints rows as a LaTeX `table` float with `booktabs` rules, for a thesis.
///
/// Numbers are rounded as the aligned table shows them (measures at their precision, scores at
/// 3 decimals) and right-aligned, with a typographic minus; units go in the header
/// (`rmse (\ensuremath{^{\circ}}C)`); a column `X` followed by `X_lo` and `X_hi` prints as one column
/// `X [lo, hi]` (`1.61 [1.52, 1.70]`); every LaTeX special character in names and text is
/// escaped. The comment lines the aligned table prints become the `\caption` (the first part,
/// up to its first `;`, is the short caption for the list of tables), followed by the data
/// attribution, and the table gets a `\label`. With ``TableDocument/standalone`` the float is
/// wrapped in a minimal `article` that `pdflatex` compiles (`booktabs`, T1 fonts, Latin Modern when installed, UTF-8 input,
/// landscape A4 for wide tables).
///
/// ```latex
/// \begin{table}[htbp]
///   \centering
///   \caption[temperature\_2m (\ensuremath{^{\circ}}C)]{temperature\_2m (\ensuremath{^{\circ}}C); … }
///   \label{tab:skycast-verify}
///   \begin{tabular}{lrr}
///     \toprule
///     source & n & rmse (\ensuremath{^{\circ}}C) \\
///     \midrule
///     forecast & 2548 & 0.606 [0.495, 0.703] \\
///     \bottomrule
///   \end{tabular}
/// \end{table}
/// ```
public final class LaTeXWriter: RowWriter {
  private let output: TextOutput
  private let document: TableDocument
  private var comments: [String] = []
  private var table = DocumentTable()
  private var begun = false

  public init(output: TextOutput, document: TableDocument = TableDocument()) {
    self.output = output
    self.document = document
  }

  public func comment(_ text: String) throws {
    comments += DocumentTable.commentLines(text)
  }

  public func begin(columns: [Column]) throws {
    table.begin(columns)
    begun = true
  }

  public func write(_ cells: [Cell]) throws {
    guard begun else { throw RowWriterError.notBegun }
    try table.append(cells)
  }

  public func finish() throws {
    var lines: [String] = []
    if document.standalone {
      lines += [
        "\\documentclass{article}",
        "\\usepackage[T1]{fontenc}",
        "\\IfFileExists{lmodern.sty}{\\usepackage{lmodern}}{}",
        "\\usepackage[utf8]{inputenc}",
        "\\usepackage[a4paper,landscape,margin=1.5cm]{geometry}",
        "\\usepackage{booktabs}",
        "\\begin{document}",
      ]
    }
    let fields = table.fields
    lines += [
      "\\begin{table}[htbp]",
      "  \\centering",
      "  \\small",
      "  " + caption(),
      "  \\label{\(LaTeXText.label(document.label))}",
      "  \\begin{tabular}{\(fields.map { table.isRightAligned($0) ? "r" : "l" }.joined())}",
      "    \\toprule",
      "    " + fields.map(header).joined(separator: " & ") + " \\\\",
      "    \\midrule",
    ]
    if table.rows.isEmpty {
      lines.append("    \\multicolumn{\(max(1, fields.count))}{c}{(no rows)} \\\\")
    }
    for row in table.rows {
      let cells = table.cells(row, number: LaTeXText.number)
      let text = zip(fields, cells).map { field, cell in
        field.interval != nil || table.isRightAligned(field) ? cell : LaTeXText.escape(cell)
      }
      lines.append("    " + text.joined(separator: " & ") + " \\\\")
    }
    lines += ["    \\bottomrule", "  \\end{tabular}", "\\end{table}"]
    if document.standalone { lines.append("\\end{document}") }
    for line in lines { try output.line(line) }
    comments = []
    try output.flush()
  }

  /// `name (unit)`, escaped.
  private func header(_ field: DocumentTable.Field) -> String {
    var text = LaTeXText.escape(field.name)
    if let unit = field.unit, !unit.isEmpty { text += " (" + LaTeXText.escape(unit) + ")" }
    return text
  }

  /// `\caption[short]{comments. attribution.}`.
  private func caption() -> String {
    let attribution = ChartText.openMeteoAttribution + "."
    let parts = comments.map { $0.hasSuffix(".") ? $0 : $0 + "." } + [attribution]
    let long = LaTeXText.escape(parts.joined(separator: " "))
    let first = comments.first.map { String($0.split(separator: ";").first ?? "") } ?? ""
    guard !first.isEmpty else { return "\\caption{\(long)}" }
    return
      "\\caption[\(LaTeXText.escape(first).replacingOccurrences(of: "]", with: "{]}"))]{\(long)}"
  }
}
