import SkycastModel
import Store

/// The rows of `export` (the plan's statement), counted or streamed as cells.
extension ExportPlan {
  /// The number of rows the export writes.
  package func rowCount(in store: Store) throws -> Int {
    guard let sql = countSQL(split: nil) else { return 0 }
    return try store.withRows(sql, arguments: bindings) { row in
      try row.next() ? Int(row.int64(0) ?? 0) : 0
    }
  }

  /// Rows per part of a split export; nil when the parts cannot be counted in SQL (the fetch
  /// log by month, whose months depend on each city's zone).
  package func rowCounts(in store: Store, by split: ExportSplit) throws -> [ExportPart: Int]? {
    guard let sql = countSQL(split: split) else { return nil }
    return try store.withRows(sql, arguments: bindings) { row in
      var result: [ExportPart: Int] = [:]
      while try row.next() {
        let count = Int(row.int64(1) ?? 0)
        switch split {
        case .city: result[.city(row.int64(0) ?? 0)] = count
        case .month: result[.month(row.text(0) ?? "")] = count
        }
      }
      return result
    }
  }

  /// Runs the query and hands every row (and its part when splitting) to `body`.
  package func rows(
    in store: Store, cities: [Int64: City], split: ExportSplit?,
    _ body: ([Cell], ExportPart?) throws -> Void
  ) throws {
    let reader = ExportRowReader(plan: self, cities: cities)
    var cells = [Cell](repeating: .null, count: readers.count)
    var monthText = ""
    var monthBytes: [UInt8] = []
    try store.withRows(sql, arguments: bindings) { statement in
      while try statement.next() {
        try reader.read(statement, into: &cells)
        var part: ExportPart?
        switch split {
        case nil: break
        case .city?: part = .city(reader.currentCityID)
        case .month?:
          switch month {
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
        store.didWriteRows(1)
      }
    }
  }
}
