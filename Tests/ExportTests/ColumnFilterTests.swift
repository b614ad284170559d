import SkycastModel
import Testing

@testable import Export

@Suite struct ColumnFilterTests {
  struct Unknown: Error, Equatable {
    var name: String
    var available: [String]
  }

  @Test("named columns in the named order, a score with its interval")
  func picks() throws {
    let sink = MemorySink()
    let base = RowWriters.make(format: .csv, output: TextOutput(sink, capacity: 64), excel: false)
    let writer = ColumnFilter(base: base, names: ["rmse", "lead_day"]) {
      Unknown(name: $0, available: $1)
    }
    try writer.begin(columns: [
      Column("lead_day", .integer), Column("n", .integer), Column("rmse", .score),
      Column("rmse_lo", .score), Column("rmse_hi", .score),
    ])
    try writer.write([.integer(1), .integer(10), .number(1.5), .number(1), .number(2)])
    try writer.finish()
    #expect(
      String(decoding: sink.bytes, as: UTF8.self)
        == "rmse,rmse_lo,rmse_hi,lead_day\r\n1.5,1.0,2.0,1\r\n")
  }

  /// Issue 42: `--columns rmse,ets,bs` dropped the key column, so a LaTeX table no longer said
  /// which row was which lead.
  @Test("key columns not named come first, so every row still says which group it is")
  func keepsKeys() throws {
    let sink = MemorySink()
    let base = RowWriters.make(format: .csv, output: TextOutput(sink, capacity: 64), excel: false)
    let writer = ColumnFilter(base: base, names: ["rmse"]) { Unknown(name: $0, available: $1) }
    try writer.begin(columns: [
      Column("model", .text, isKey: true), Column("lead_day", .integer, isKey: true),
      Column("n", .integer), Column("rmse", .score),
    ])
    try writer.write([.text("a"), .integer(1), .integer(10), .number(1.5)])
    try writer.finish()
    #expect(String(decoding: sink.bytes, as: UTF8.self) == "model,lead_day,rmse\r\na,1,1.5\r\n")
  }

  @Test("a name the table lacks is the caller's error, with the names it has")
  func unknown() throws {
    let sink = MemorySink()
    let base = RowWriters.make(format: .csv, output: TextOutput(sink, capacity: 64), excel: false)
    let writer = ColumnFilter(base: base, names: ["rmsee"]) { Unknown(name: $0, available: $1) }
    #expect(throws: Unknown(name: "rmsee", available: ["n", "rmse"])) {
      try writer.begin(columns: [Column("n", .integer), Column("rmse", .score)])
    }
  }
}
