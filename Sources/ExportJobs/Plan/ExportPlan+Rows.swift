internal import SQLiteKit
import SkycastModel

/// The rows of `export` (an `ExportPlan`'s statement), counted or streamed as cells.
extension Store {
  /// The number of rows the export writes.
  package func exportRowCount(_ plan: ExportPlan) throws -> Int {
    guard let sql = plan.countSQL(split: nil) else { return 0 }
    return Int(try database.scalarInt(sql, plan.bindings) ?? 0)
  }

  /// Rows per part of a split export; nil when the parts cannot be counted in SQL (the fetch
  /// log by month, whose months depend on each city's zone).
  package func exportRowCounts(_ plan: ExportPlan, by split: ExportSplit) throws
    -> [ExportPart: Int]?
  {
    guard let sql = plan.countSQL(split: split) else { return nil }
    var result: [ExportPart: Int] = [:]
    for row in try database.query(sql, plan.bindings) {
      let count = Int(row[1].int64Value ?? 0)
      switch split {
      case .city: result[.city(row[0].int64Value ?? 0)] = count
      case .month: result[.month(row[0].stringValue ?? "")] = count
      }
    }
    return result
  }

  /// Runs the query and hands every row (and its part when splitting) to `body`.
  package func exportRows(
    _ plan: ExportPlan, cities: [Int64: City], split: ExportSplit?,
    _ body: ([Cell], ExportPart?) throws -> Void
  ) throws {
    let statement = try database.prepare(plan.sql)
    try statement.bind(plan.bindings)
    let reader = ExportRowReader(plan: plan, cities: cities)
    var cells = [Cell](repeating: .null, count: plan.readers.count)
    var monthText = ""
    var monthBytes: [UInt8] = []
    while try statement.step() {
      try reader.read(statement, into: &cells)
      var part: ExportPart?
      switch split {
      case nil: break
      case .city?: part = .city(reader.currentCityID)
      case .month?:
        switch plan.month {
        case .dateText(let column)?:
          statement.withTextBytes(column) { bytes in
            let prefix = UnsafeBufferPointer(rebasing: bytes.prefix(7))
            if !monthBytes.elementsEqual(prefix) {
              monthBytes = Array(prefix)
              monthText = String(decoding: prefix, as: UTF8.self)
            }
          }
          part = .month(monthText)
        case .instant(let column, let slot)?:
          part = try statement.int64(column).map {
            .month(try reader.localMonth(epoch: $0, slot: slot))
          }
        case .localHour(let column)?:
          part = statement.int64(column).map {
            .month(LocalDate(dayNumber: WallClock.floorDivide($0, 24).quotient).monthText)
          }
        case nil:
          part = nil
        }
      }
      try body(cells, part)
      didWriteRows(1)
    }
  }

  /// The newest fetch id: rows of later fetches are what an appending dataset export adds.
  package func fetchHighWater() throws -> Int64 {
    try database.scalarInt("SELECT max(id) FROM fetches") ?? 0
  }
}
