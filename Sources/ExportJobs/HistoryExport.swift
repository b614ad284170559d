import Export
import SkycastModel
import Store

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
  package let store: Store
  package let cities: [Int64: City]

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
  public func count() throws -> Int { try plan.rowCount(in: store) }

  /// Rows per part of a split export; nil when the parts cannot be counted in SQL (the fetch
  /// log by month, whose months depend on each city's zone).
  public func counts(by split: ExportSplit) throws -> [ExportPart: Int]? {
    try plan.rowCounts(in: store, by: split)
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
  package func stream(split: ExportSplit?, _ body: ([Cell], ExportPart?) throws -> Void) throws {
    try plan.rows(in: store, cities: cities, split: split, body)
  }
}

@available(*, unavailable)
extension HistoryExport: Sendable {}
