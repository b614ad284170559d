import Testing

@testable import Export
@testable import SkycastModel

@Suite struct RowWritersTests {
  /// Each format gets its writer; `excel` reaches only CSV.
  @Test("the factory picks the writer for the format")
  func factory() {
    let output = TextOutput(MemorySink())
    #expect(RowWriters.make(format: .table, output: output, excel: true) is TableWriter)
    #expect(
      (RowWriters.make(format: .csv, output: output, excel: true) as? CSVWriter)?.excel == true)
    #expect(
      (RowWriters.make(format: .csv, output: output, excel: false) as? CSVWriter)?.excel == false)
    #expect(
      (RowWriters.make(format: .json, output: output, excel: true) as? JSONWriter)?.lines == false)
    #expect(
      (RowWriters.make(format: .ndjson, output: output, excel: false) as? JSONWriter)?.lines == true
    )
  }
}
