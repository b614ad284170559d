import SkycastModel

/// Makes the row writer for an output format.
public enum RowWriters {
  /// The writer for `format` over `output`.
  ///
  /// - Parameters:
  ///   - format: `table` (aligned, buffered), `csv`, `json` (an array), `ndjson`, `latex` (a
  ///     `booktabs` table float) or `markdown` (a pipe table).
  ///   - output: where the text goes.
  ///   - excel: the spreadsheet flavour of CSV (BOM, units in headers, formula neutralising);
  ///     ignored by the other formats.
  ///   - document: the `\label` and `--standalone` of `latex`.
  /// - Returns: a writer to `begin`, `write` rows to, and `finish`.
  ///   - locale: with `excel`, the spreadsheet's number convention (`;` and a decimal comma
  ///     for `de` and the like).
  public static func make(
    format: OutputFormat, output: TextOutput, excel: Bool,
    document: TableDocument = TableDocument(),
    locale: SpreadsheetLocale = .en
  ) -> any RowWriter {
    switch format {
    case .table: TableWriter(output: output)
    case .csv: CSVWriter(output: output, excel: excel, decimalComma: excel && locale.decimalComma)
    case .json: JSONWriter(output: output, lines: false)
    case .ndjson: JSONWriter(output: output, lines: true)
    case .latex: LaTeXWriter(output: output, document: document)
    case .markdown: MarkdownWriter(output: output)
    }
  }
}
