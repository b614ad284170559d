@testable import Export
@testable import SkycastModel

/// Runs a writer over columns and rows into memory and returns the bytes.
func render(
  _ format: OutputFormat, excel: Bool = false, comments: [String] = [], columns: [Column],
  rows: [[Cell]]
) throws -> [UInt8] {
  let sink = MemorySink()
  let output = TextOutput(sink, capacity: 64)
  let writer = RowWriters.make(format: format, output: output, excel: excel)
  for comment in comments { try writer.comment(comment) }
  try writer.begin(columns: columns)
  for row in rows { try writer.write(row) }
  try writer.finish()
  return sink.bytes
}

/// 2026-03-20T06:00 in Beijing (+08:00) and in Zürich (+01:00).
let beijingSix = Cell.instant(epoch: 1_773_957_600, offset: 28_800)
let zurichSix = Cell.instant(epoch: 1_773_982_800, offset: 3600)
