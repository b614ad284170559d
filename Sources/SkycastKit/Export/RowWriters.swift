/// Makes the row writer for an output format.
public enum RowWriters {
  /// The writer for `format` over `output`.
  ///
  /// - Parameters:
  ///   - format: `table` (aligned, buffered), `csv`, `json` (an array) or `ndjson`.
  ///   - output: where the text goes.
  ///   - excel: the spreadsheet flavour of CSV (BOM, units in headers, formula neutralising);
  ///     ignored by the other formats.
  /// - Returns: a writer to `begin`, `write` rows to, and `finish`.
  public static func make(format: OutputFormat, output: TextOutput, excel: Bool) -> any RowWriter {
    switch format {
    case .table: TableWriter(output: output)
    case .csv: CSVWriter(output: output, excel: excel)
    case .json: JSONWriter(output: output, lines: false)
    case .ndjson: JSONWriter(output: output, lines: true)
    }
  }
}
