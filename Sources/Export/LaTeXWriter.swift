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
  /// Where the writer says that the table needs a Unicode TeX engine (CJK names); set by the
  /// command, which prints it as a warning.
  public var warn: ((String) -> Void)?

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
    let allFields = table.fields
    let allParts = table.rows.map { row in
      zip(allFields, table.parts(row, number: LaTeXText.number)).map { field, part in
        (
          Self.cell(part.value, field: field, rightAligned: table.isRightAligned(field)),
          part.interval
        )
      }
    }
    let allRows = allParts.map { $0.map(\.0) }
    // A setting with one value in every row (a text column such as the source or the event,
    // the threshold, the block length) says it once, in the caption (`Threshold (mm): 1.0`);
    // a constant note goes to the note below. Scores always stay in the table.
    var keep = allFields.map { _ in true }
    var constants: [String] = []
    var notes: [String] = []
    if document.constantsInCaption, allRows.count >= 2 {
      for index in allFields.indices where Self.isSetting(allFields[index]) {
        let values = Set(allRows.map { $0[index] })
        guard values.count == 1, let value = values.first else { continue }
        keep[index] = false
        guard !value.isEmpty else { continue }
        if allFields[index].name == "note" {
          notes.append(value)
        } else {
          constants.append(header(allFields[index]) + ": " + value)
        }
      }
      if !keep.contains(true) { keep = allFields.map { _ in true } }
    }
    let fields = allFields.indices.filter { keep[$0] }.map { allFields[$0] }
    let rows = allParts.map { row in row.indices.filter { keep[$0] }.map { row[$0] } }
    lines += [
      "\\begin{table}[htbp]",
      "  \\centering",
      "  \\small",
      // Half of LaTeX's 6pt gaps (booktabs rules mark the rows): seven columns of scores with intervals fit a portrait page.
      "  \\setlength{\\tabcolsep}{3pt}",
      "  " + caption(constants: constants),
      "  \\label{\(LaTeXText.label(document.label))}",
      "  \\begin{tabular}{\(fields.map { table.isRightAligned($0) ? "r" : "l" }.joined())}",
      "    \\toprule",
      "    " + fields.map(header).joined(separator: " & ") + " \\\\",
      "    \\midrule",
    ]
    if rows.isEmpty {
      lines.append("    \\multicolumn{\(max(1, fields.count))}{c}{(no rows)} \\\\")
    }
    // Intervals go on a line of their own under the values, in a smaller size: a table of
    // five scores with intervals then fits a portrait page, and the values align.
    for row in rows {
      lines.append("    " + row.map(\.0).joined(separator: " & ") + " \\\\")
      if row.contains(where: { $0.1 != nil }) {
        let intervals = row.map { $0.1.map { "{\\footnotesize " + $0 + "}" } ?? "" }
        lines.append("    " + intervals.joined(separator: " & ") + " \\\\[2pt]")
      }
    }
    lines += ["    \\bottomrule", "  \\end{tabular}"]
    lines += note(extra: notes)
    lines.append("\\end{table}")
    if document.standalone { lines.append("\\end{document}") }
    if let warn,
      let character = LaTeXText.firstUnicodeOnly((comments + table.rows.flatMap { $0 }).joined())
    {
      warn(
        "the LaTeX table has text pdflatex cannot typeset ('\(character)'): compile it with xelatex or lualatex and \\usepackage{xeCJK} (CJK) or fontspec, or give the city a Latin name (skycast city add … --as NAME)"
      )
    }
    for line in lines { try output.line(line) }
    comments = []
    try output.flush()
  }

  /// Columns that describe how a table was made rather than a result: text columns and the
  /// event threshold, block length and DM horizon.
  static func isSetting(_ field: DocumentTable.Field) -> Bool {
    field.interval == nil && (!field.isNumeric || ["threshold", "block", "h"].contains(field.name))
  }

  /// A cell as LaTeX: numbers and intervals as `number` made them, text escaped, and a p-value
  /// that rounds to 0.000 as `< 0.001` (a p-value is never 0).
  static func cell(_ text: String, field: DocumentTable.Field, rightAligned: Bool) -> String {
    if field.name == "p_value", text == "0.000" { return "\\ensuremath{<}\\,0.001" }
    return field.interval != nil || rightAligned ? text : LaTeXText.escape(text)
  }

  /// `Words (unit)` (``ColumnTitle``), escaped.
  private func header(_ field: DocumentTable.Field) -> String {
    var text = LaTeXText.escape(ColumnTitle.words(field.name))
    if let unit = field.unit, !unit.isEmpty { text += " (" + LaTeXText.escape(unit) + ")" }
    return text
  }

  /// `\caption[short]{short. Constant columns.}`: the short caption is `--caption` or the
  /// first comment line up to its first `;`.
  private func caption(constants: [String]) -> String {
    let first = comments.first.map { String($0.split(separator: ";").first ?? "") } ?? ""
    let short = LaTeXText.escape(document.caption ?? first)
    let long = ([short] + constants).filter { !$0.isEmpty }.map {
      $0.hasSuffix(".") ? $0 : $0 + "."
    }
    .joined(separator: " ")
    guard !short.isEmpty else { return "\\caption{\(long)}" }
    return "\\caption[\(short.replacingOccurrences(of: "]", with: "{]}"))]{\(long)}"
  }

  /// The method below the table, small: every comment line (the first without what the
  /// caption already says), a constant note column (`extra`, already LaTeX), then the data
  /// attribution.
  private func note(extra: [String]) -> [String] {
    var parts = comments
    if document.caption == nil, let first = parts.first {
      let rest = first.split(separator: ";", maxSplits: 1).dropFirst().first
      parts[0] = rest.map { String($0).trimmingCharacters(in: .whitespaces) } ?? ""
    }
    let escaped =
      parts.filter { !$0.isEmpty }.map(LaTeXText.escape) + extra
      + [LaTeXText.escape(ChartText.openMeteoAttribution)]
    let text = escaped.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
    return ["  \\par\\smallskip", "  {\\footnotesize\\raggedright Note: \(text)\\par}"]
  }
}
