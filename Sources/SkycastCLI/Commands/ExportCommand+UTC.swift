import Export
import SkycastModel

/// `--utc`: every instant written in UTC (`2024-03-30T00:00:00Z`) rather than local time with
/// its offset.
extension ExportCommand {
  static let utcOption = Flag(
    "utc",
    help: "Write every time in UTC (2024-03-30T00:00:00Z) instead of local time with its offset.")

  /// The writer for `format`, passing instants in UTC with `--utc`.
  static func rowWriter(
    _ invocation: Invocation, format: OutputFormat, output: TextOutput, excel: Bool
  ) -> any RowWriter {
    let writer = invocation.rowWriter(format: format, output: output, excel: excel)
    return invocation[utcOption] ? UTCInstants(writer) : writer
  }
}
