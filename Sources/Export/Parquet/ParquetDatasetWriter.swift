import Foundation
import SkycastModel

#if canImport(Glibc)
  import Glibc
#endif

/// Writes rows into a Hive-partitioned Parquet dataset: one file per partition folder
/// (`DIR/city_id=3/month=2026-03/part-00000.parquet`), streamed row group by row group.
///
/// A `RowWriter`, so any table Skycast streams (`HistoryExport`, `verify --pairs`) can be written
/// as a dataset. The partition values are read from each row's cells: `city_id` and `source`
/// columns (left out of the files, as engines add them from the path), and the local month of
/// the month column (a `YYYY-MM-DD` date, or an instant at the offset the row carries).
///
/// Rows are encoded on a second thread (`ParquetEncodingThread`) while the caller reads the
/// next ones. Memory: each open partition holds at most one row group (`rowGroupRows` rows);
/// when all buffered row groups together pass `memoryBudget` bytes, the largest is written
/// early, so the peak stays bounded however many partitions or rows there are. Files are written under hidden
/// temporary names and renamed into place by `commit()` only, after every file is complete;
/// `discard()` removes them.
public final class ParquetDatasetWriter: RowWriter {
  /// One file of the dataset.
  public struct Part: Sendable, Equatable {
    /// The path relative to the dataset folder.
    public var path: String
    /// The partition folder relative to the dataset folder ("" without partitions).
    public var folder: String
    public var rows: Int
    public var bytes: Int64
  }

  public let directory: String
  public let partitionBy: [DatasetPartition]
  package let required: Set<String>
  package let fileName: String
  package let monthColumnName: String?
  package let protecting: [String]
  package let rowGroupRows: Int
  package let memoryBudget: Int
  package let keyValues: [(String, String)]

  private var columns: [Column] = []
  /// The cells kept in the files (partition columns are left out).
  private var kept: [Int] = []
  private var cityIndex: Int?
  private var sourceIndex: Int?
  private var monthIndex: Int?
  private var files: [String: OpenFile] = [:]
  private var order: [String] = []
  /// The cells the partition folder is made from, and their values in the last row.
  private var keyIndices: [Int] = []
  private var lastKeyCells: [Cell] = []
  private var lastFile: OpenFile?
  /// Rows not yet handed to the encoding thread.
  private var batch = ParquetEncodingThread.Batch()
  private var encoder: ParquetEncodingThread?
  private var finished = false

  package final class OpenFile {
    package let folder: String
    package let atomic: AtomicFile
    package let writer: ParquetFileWriter
    package var pending: [UInt8] = []
    package var bytes: Int64 = 0

    package init(folder: String, atomic: AtomicFile, writer: ParquetFileWriter) {
      self.folder = folder
      self.atomic = atomic
      self.writer = writer
    }

    /// Appends the pending bytes to the temporary file.
    package func drain(sync: Bool = false) throws {
      guard !pending.isEmpty || sync else { return }
      let descriptor = open(atomic.temporaryPath, O_WRONLY | O_APPEND | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw OutputError.writeFailed(path: atomic.path, reason: String(cString: strerror(errno)))
      }
      defer { close(descriptor) }
      var written = 0
      while written < pending.count {
        let count = pending.withUnsafeBytes {
          Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
        }
        guard count > 0 else {
          if count < 0, errno == EINTR { continue }
          throw OutputError.writeFailed(
            path: atomic.path, reason: String(cString: strerror(errno)))
        }
        written += count
      }
      bytes += Int64(pending.count)
      pending.removeAll(keepingCapacity: false)
      if sync, fsync(descriptor) != 0 {
        throw OutputError.writeFailed(path: atomic.path, reason: String(cString: strerror(errno)))
      }
    }
  }

  /// - Parameters:
  ///   - directory: the dataset folder (created when missing).
  ///   - partitionBy: the folder levels, outermost first.
  ///   - required: columns that never hold NULL.
  ///   - fileName: each partition's file name (`part-00000.parquet`).
  ///   - monthColumn: the column whose local month `--partition-by month` uses.
  ///   - protecting: database files no output may replace.
  public init(
    directory: String, partitionBy: [DatasetPartition], required: Set<String>,
    fileName: String = "part-00000.parquet", monthColumn: String?, protecting: [String] = [],
    rowGroupRows: Int = 1 << 16, memoryBudget: Int = 24 << 20,
    keyValues: [(String, String)] = []
  ) {
    self.directory = directory
    self.partitionBy = partitionBy
    self.required = required
    self.fileName = fileName
    monthColumnName = monthColumn
    self.protecting = protecting
    self.rowGroupRows = rowGroupRows
    self.memoryBudget = memoryBudget
    self.keyValues = keyValues
  }

  /// A writer of one file at `path` instead of a folder of parts (`-o x.parquet
  /// --partition-by none`), with the same columns, types and footer metadata.
  public static func oneFile(
    at path: String, required: Set<String>, monthColumn: String?, protecting: [String] = [],
    keyValues: [(String, String)] = []
  ) -> ParquetDatasetWriter {
    let folder = (path as NSString).deletingLastPathComponent
    return ParquetDatasetWriter(
      directory: folder.isEmpty ? "." : folder, partitionBy: [], required: required,
      fileName: (path as NSString).lastPathComponent, monthColumn: monthColumn,
      protecting: protecting, keyValues: keyValues)
  }

  /// True when `-o path` with `partitionBy` names one file: no partitions and a name ending in
  /// `.parquet`.
  public static func isOneFile(_ path: String, partitionBy: [DatasetPartition]) -> Bool {
    partitionBy.isEmpty && path.lowercased().hasSuffix(".parquet")
  }

  deinit { if !finished { discard() } }

  /// Data formats carry no comments.
  public func comment(_ text: String) throws {}

  public func begin(columns: [Column]) throws {
    self.columns = columns
    cityIndex = columns.firstIndex { $0.name == "city_id" }
    sourceIndex = columns.firstIndex { $0.name == "source" }
    monthIndex = monthColumnName.flatMap { name in columns.firstIndex { $0.name == name } }
    for key in partitionBy {
      switch key {
      case .city where cityIndex == nil, .source where sourceIndex == nil,
        .month where monthIndex == nil:
        throw DatasetError.cannotPartition(key)
      default: break
      }
    }
    let dropped = Set(
      partitionBy.compactMap { key -> Int? in
        switch key {
        case .city: cityIndex
        case .source: sourceIndex
        case .month: nil
        }
      })
    kept = columns.indices.filter { !dropped.contains($0) }
    keyIndices = partitionBy.compactMap { key -> Int? in
      switch key {
      case .city: cityIndex
      case .source: sourceIndex
      case .month: monthIndex
      }
    }
    lastKeyCells = Array(repeating: .null, count: keyIndices.count)
  }

  public func write(_ cells: [Cell]) throws {
    guard cells.count == columns.count else {
      throw RowWriterError.cellCount(expected: columns.count, actual: cells.count)
    }
    // The folder changes rarely from row to row: it is worked out again only when one of the
    // cells it comes from changes.
    var same = lastFile != nil
    for (position, index) in keyIndices.enumerated() where same {
      same = lastKeyCells[position] == cells[index]
    }
    let file: OpenFile
    if same, let lastFile {
      file = lastFile
    } else {
      let folder = try self.folder(cells)
      if let known = files[folder] {
        file = known
      } else {
        file = try openFile(folder)
      }
      lastFile = file
      for (position, index) in keyIndices.enumerated() { lastKeyCells[position] = cells[index] }
    }
    for index in kept { batch.cells.append(cells[index]) }
    batch.files.append(file)
    if batch.files.count >= ParquetEncodingThread.batchRows { try submitBatch() }
  }

  /// Hands the rows gathered so far to the encoding thread.
  private func submitBatch() throws {
    guard !batch.files.isEmpty else { return }
    if encoder == nil {
      let thread = ParquetEncodingThread(width: kept.count, memoryBudget: memoryBudget)
      thread.start()
      encoder = thread
    }
    var next = ParquetEncodingThread.Batch()
    next.cells.reserveCapacity(batch.cells.count)
    next.files.reserveCapacity(batch.files.count)
    swap(&next, &batch)
    try encoder?.submit(next)
  }

  /// Ends every file (last row group and footer); nothing is visible until `commit()`.
  public func finish() throws {
    try submitBatch()
    try encoder?.finish()
    encoder = nil
    for folder in order {
      guard let file = files[folder] else { continue }
      try file.writer.finish()
      try file.drain(sync: true)
    }
  }

  /// The files written, in the order their partitions first appeared.
  public var parts: [Part] {
    order.compactMap { folder in
      guard let file = files[folder] else { return nil }
      let path = folder.isEmpty ? fileName : folder + "/" + fileName
      return Part(path: path, folder: folder, rows: file.writer.rows, bytes: file.bytes)
    }
  }

  /// Renames every finished file into place.
  public func commit() throws {
    for folder in order { try files[folder]?.atomic.commit() }
    finished = true
  }

  /// Removes the temporary files.
  public func discard() {
    try? encoder?.finish()
    encoder = nil
    for file in files.values { file.atomic.discard() }
    finished = true
  }

  // MARK: - Partitions

  private var monthText = ""
  private var monthKey: (Int64, Int) = (.min, 0)

  private func folder(_ cells: [Cell]) throws -> String {
    guard !partitionBy.isEmpty else { return "" }
    var segments: [String] = []
    for key in partitionBy {
      switch key {
      case .city:
        guard case .integer(let id) = cells[cityIndex!] else {
          throw DatasetError.missingPartitionValue(key)
        }
        segments.append("city_id=\(id)")
      case .source:
        guard case .text(let source) = cells[sourceIndex!] else {
          throw DatasetError.missingPartitionValue(key)
        }
        segments.append("source=" + DatasetPartition.escape(source))
      case .month:
        segments.append("month=" + (try month(cells[monthIndex!])))
      }
    }
    return segments.joined(separator: "/")
  }

  private func month(_ cell: Cell) throws -> String {
    switch cell {
    case .text(let date) where date.utf8.count >= 7:
      return String(date.prefix(7))
    case .instant(let epoch, let offset):
      let (local, overflow) = epoch.addingReportingOverflow(Int64(offset))
      guard !overflow else { throw DatasetError.missingPartitionValue(.month) }
      let day = WallClock.floorDivide(local, 86_400).0
      if monthKey.0 != day || monthKey.1 != offset {
        monthKey = (day, offset)
        monthText = LocalDate(dayNumber: day).monthText
      }
      return monthText
    default:
      throw DatasetError.missingPartitionValue(.month)
    }
  }

  private func openFile(_ folder: String) throws -> OpenFile {
    let path = folder.isEmpty ? directory : directory + "/" + folder
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw OutputError.writeFailed(path: path, reason: "cannot create the folder")
    }
    let atomic = try AtomicFile(
      path: path + "/" + fileName, content: .database, protecting: protecting)
    let keptColumns = kept.map { columns[$0] }
    // Each measured column's unit travels with the file (`skycast.unit.temperature_2m` = `°C`),
    // since Parquet's logical types carry none.
    let units = keptColumns.compactMap { column -> (String, String)? in
      guard let unit = column.unit, !unit.isEmpty else { return nil }
      return ("skycast.unit." + column.name, unit)
    }
    weak var pendingFile: OpenFile?
    let writer = ParquetFileWriter(
      columns: keptColumns, required: required, keyValues: keyValues + units,
      rowGroupRows: rowGroupRows
    ) { bytes in
      pendingFile?.pending.append(contentsOf: bytes)
    }
    let file = OpenFile(folder: folder, atomic: atomic, writer: writer)
    pendingFile = file
    files[folder] = file
    order.append(folder)
    return file
  }
}

@available(*, unavailable)
extension ParquetDatasetWriter: Sendable {}
