import SQLiteKit

/// Streams a table of the history into row writers, row by row from one SQLite statement, so
/// memory stays flat however many rows there are.
///
/// Cells are read straight from the statement into one reused buffer. Text that repeats from
/// row to row (source, model, dates) and the city's name reuse their `String`s, and each city's
/// UTC offsets come from a `ZoneOffsetCache`, so a row of numbers allocates nothing.
///
/// ```swift
/// var request = ExportRequest(table: .hourly)
/// request.latest = true
/// let export = try HistoryExport(store: store, request: request)
/// let writer = RowWriters.make(format: .csv, output: output, excel: false)
/// let rows = try export.write(to: writer)
/// ```
public final class HistoryExport {
  /// The query and columns.
  public internal(set) var plan: ExportPlan
  let store: Store
  let cities: [Int64: City]

  public init(store: Store, request: ExportRequest) throws {
    self.store = store
    let all = try store.cities()
    cities = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    plan = ExportPlan.make(request, cities: all)
  }

  /// The output columns.
  public var columns: [Column] { plan.columns }

  // MARK: - Counting

  /// The number of rows the export writes.
  public func count() throws -> Int {
    guard let sql = plan.countSQL(split: nil) else { return 0 }
    return Int(try store.database.scalarInt(sql, plan.bindings) ?? 0)
  }

  /// Rows per part of a split export; nil when the parts cannot be counted in SQL (the fetch
  /// log by month, whose months depend on each city's zone).
  public func counts(by split: ExportSplit) throws -> [ExportPart: Int]? {
    guard let sql = plan.countSQL(split: split) else { return nil }
    var result: [ExportPart: Int] = [:]
    for row in try store.database.query(sql, plan.bindings) {
      let count = Int(row[1].int64Value ?? 0)
      switch split {
      case .city: result[.city(row[0].int64Value ?? 0)] = count
      case .month: result[.month(row[0].stringValue ?? "")] = count
      }
    }
    return result
  }

  // MARK: - Writing

  /// Writes every row to `writer` (begin, rows, finish) and returns the row count.
  @discardableResult
  public func write(to writer: any RowWriter) throws -> Int {
    try writer.begin(columns: plan.columns)
    var rows = 0
    try stream(split: nil) { cells, _ in
      try writer.write(cells)
      rows += 1
    }
    try writer.finish()
    return rows
  }

  /// Writes each part to its own writer, made on the part's first row by `makeWriter` (so empty
  /// parts make no file), and returns the rows per part.
  public func write(
    splitBy split: ExportSplit, makeWriter: (ExportPart) throws -> any RowWriter
  ) throws -> [ExportPart: Int] {
    var writers: [ExportPart: any RowWriter] = [:]
    var counts: [ExportPart: Int] = [:]
    var lastPart: ExportPart?
    var lastWriter: (any RowWriter)?
    try stream(split: split) { cells, part in
      guard let part else { return }
      if part != lastPart {
        if let existing = writers[part] {
          lastWriter = existing
        } else {
          let writer = try makeWriter(part)
          try writer.begin(columns: plan.columns)
          writers[part] = writer
          lastWriter = writer
        }
        lastPart = part
      }
      try lastWriter?.write(cells)
      counts[part, default: 0] += 1
    }
    for part in writers.keys.sorted() { try writers[part]?.finish() }
    return counts
  }

  /// Runs the query and hands every row (and its part when splitting) to `body`.
  func stream(split: ExportSplit?, _ body: ([Cell], ExportPart?) throws -> Void) throws {
    let statement = try store.database.prepare(plan.sql)
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
      store.didWriteRows(1)
    }
  }
}

@available(*, unavailable)
extension HistoryExport: Sendable {}
