import Export
import Foundation
import SkycastModel
import Store

/// `export … --format parquet -o DIR [--append]`: a table of the history written as a Parquet
/// dataset, first in full, then (`--append`) only what is new.
///
/// What "new" means follows how rows are stored. Collected forecasts (source `forecast`) and
/// fetch-log rows are only ever added, so rows whose fetch id is above the manifest's
/// high-water mark go into new `part-<run>.parquet` files beside the old ones. Observations,
/// backfilled and imported forecasts are updated in place (a NULL filled in by a later fetch),
/// so a partition in which any of them changed is rewritten whole and its older files are
/// removed. The city table is rewritten every time. Running again with nothing new writes
/// nothing. Each run's files appear only once all are complete, then the manifest; a run cut
/// short leaves files the manifest does not count, which the next run removes first.
public struct DatasetExport {
  /// What a run wrote.
  public struct Outcome: Sendable {
    public var parts: [ParquetDatasetWriter.Part]
    /// True when the run added to an existing dataset.
    public var appended: Bool
    /// Partitions rewritten whole.
    public var replaced: Int
  }

  /// Why the folder cannot take this export.
  public struct Refusal: Error, CustomStringConvertible {
    public let description: String
  }

  public let directory: String
  public let table: ExportTable
  public let partitionBy: [DatasetPartition]
  public let required: Set<String>
  public let monthColumn: String?
  public let selection: String
  public let protecting: [String]

  public init(
    directory: String, table: ExportTable, partitionBy: [DatasetPartition],
    required: Set<String>, monthColumn: String?, selection: String, protecting: [String]
  ) {
    self.directory = directory
    self.table = table
    self.partitionBy = partitionBy
    self.required = required
    self.monthColumn = monthColumn
    self.selection = selection
    self.protecting = protecting
  }

  package var manifestPath: String { directory + "/" + DatasetManifest.fileName }

  /// Writes the export (call inside a read transaction, so the rows and the high-water mark
  /// are one snapshot).
  public func write(export: HistoryExport, store: Store, append: Bool) throws -> Outcome {
    let manifest = try readManifest()
    if manifest == nil || !append {
      try requireEmptyFolder(hasManifest: manifest != nil, append: append)
    }
    let highWater = try store.fetchHighWater()
    var run = 0
    var replaced: [String] = []
    if let manifest {
      try check(manifest)
      try removeLeftovers(manifest)
      run = manifest.runs
      if table == .cities {
        replaced = [""]
      } else {
        if manifest.fetchID == highWater {
          return Outcome(parts: [], appended: true, replaced: 0)
        }
        replaced = try restrict(export, since: manifest.fetchID, store: store)
      }
    }
    let writer = ParquetDatasetWriter(
      directory: directory, partitionBy: partitionBy, required: required,
      fileName: DatasetManifest.partName(run: run), monthColumn: monthColumn,
      protecting: protecting,
      keyValues: [("skycast.table", table.rawValue), ("skycast.fetch_id", String(highWater))])
    do {
      try export.write(to: writer)
      try writer.commit()
    } catch {
      writer.discard()
      throw error
    }
    let next = DatasetManifest(
      table: table.rawValue, partitionBy: partitionBy.map(\.rawValue), selection: selection,
      runs: run + 1, fetchID: highWater, replaced: replaced)
    try writeManifest(next)
    try removeSuperseded(folders: replaced, before: run)
    return Outcome(parts: writer.parts, appended: manifest != nil, replaced: replaced.count)
  }

  /// Writes the export as one Parquet file at `path` (`-o x.parquet --partition-by none`): no
  /// folder and no manifest, the same columns, types and footer metadata as a dataset's part;
  /// the file appears only when complete. Call inside a read transaction.
  ///
  /// - Returns: the rows written (0: no file is written).
  public static func writeFile(
    at path: String, table: ExportTable, export: HistoryExport, store: Store,
    required: Set<String>, protecting: [String]
  ) throws -> Int {
    let writer = ParquetDatasetWriter.oneFile(
      at: path, required: required, monthColumn: nil, protecting: protecting,
      keyValues: [
        ("skycast.table", table.rawValue), ("skycast.fetch_id", String(try store.fetchHighWater())),
      ])
    do {
      try export.write(to: writer)
      try writer.commit()
    } catch {
      writer.discard()
      throw error
    }
    return writer.parts.reduce(0) { $0 + $1.rows }
  }

  // MARK: - The folder

  package func readManifest() throws -> DatasetManifest? {
    guard let data = FileManager.default.contents(atPath: manifestPath) else { return nil }
    guard let manifest = DatasetManifest(json: Array(data)) else {
      throw Refusal(
        description: "\(manifestPath) is not a Skycast dataset manifest; leaving the folder alone")
    }
    return manifest
  }

  /// Refuses a folder that holds anything (a dataset goes into a new or empty folder).
  public func requireEmptyFolder(hasManifest: Bool, append: Bool) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      return
    }
    guard isDirectory.boolValue else {
      throw Refusal(description: "\(directory) is a file; a Parquet dataset is a folder")
    }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    if !hasManifest, !entries.isEmpty, isOnlyLeftovers() {
      // A first run killed before its manifest: its own files, cleaned as with --append.
      removeUnmanifestedLeftovers()
      return
    }
    guard entries.isEmpty else {
      throw Refusal(
        description: hasManifest
          ? "\(directory) already holds a Skycast dataset; add to it with --append, or choose a new folder"
          : "\(directory) is not empty and holds no Skycast dataset; choose a new or empty folder")
    }
  }

  /// True when every file below the folder is one a Skycast run leaves when it is killed
  /// before its manifest: hidden temporary files (`.part-00000.parquet.x1y2.tmp`, the
  /// manifest's own), or complete parts (`part-00000.parquet`), each at the top or in
  /// partition folders (`city_id=3/month=2026-03`). Anything else (a user's file, another
  /// tool's dataset) keeps the folder refused.
  package func isOnlyLeftovers() -> Bool {
    var isDirectory: ObjCBool = false
    for path in files() {
      let components = path.split(separator: "/").map(String.init)
      guard let name = components.last else { return false }
      let full = directory + "/" + path
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
        continue
      }
      let inPartitions = components.dropLast().allSatisfy { $0.contains("=") }
      if isDirectory.boolValue {
        guard name.contains("=") && inPartitions else { return false }
        continue
      }
      guard inPartitions, Self.isOwnFile(name) else { return false }
    }
    return true
  }

  /// A part, or a hidden temporary file of a part or of the manifest (`AtomicFile`'s names).
  static func isOwnFile(_ name: String) -> Bool {
    if DatasetManifest.run(ofPart: name) != nil { return true }
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
    return name.hasPrefix(".part-") || name.hasPrefix("." + DatasetManifest.fileName + ".")
  }

  /// Removes every file and partition folder of a run that left no manifest (after
  /// `isOnlyLeftovers()` said there is nothing else), deepest first.
  private func removeUnmanifestedLeftovers() {
    for path in files().sorted(by: { $0.count > $1.count }) {
      try? FileManager.default.removeItem(atPath: directory + "/" + path)
    }
  }

  package func check(_ manifest: DatasetManifest) throws {
    let keys = partitionBy.map(\.rawValue)
    guard manifest.table == table.rawValue, manifest.partitionBy == keys,
      manifest.selection == selection
    else {
      func describe(_ table: String, _ keys: [String], _ selection: String) -> String {
        "'\(table)' partitioned by \(keys.isEmpty ? "nothing" : keys.joined(separator: ","))"
          + (selection.isEmpty ? "" : " with \(selection)")
      }
      throw Refusal(
        description:
          "\(directory) holds \(describe(manifest.table, manifest.partitionBy, manifest.selection)); --append must add the same table, partitioning and selection, not \(describe(table.rawValue, keys, selection))"
      )
    }
  }

  /// Every file below the folder, relative to it.
  package func files() -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var result: [String] = []
    while let path = enumerator.nextObject() as? String { result.append(path) }
    return result
  }

  /// Removes what a run cut short left: hidden temporary files, parts of runs the manifest does
  /// not count, and parts the last run superseded but had not removed yet.
  package func removeLeftovers(_ manifest: DatasetManifest) throws {
    let superseded = Set(manifest.replaced)
    for path in files() {
      let name = (path as NSString).lastPathComponent
      let folder = (path as NSString).deletingLastPathComponent
      let stale: Bool
      if name.hasPrefix(".part-"), name.hasSuffix(".tmp") {
        stale = true
      } else if let run = DatasetManifest.run(ofPart: name) {
        stale = run >= manifest.runs || (superseded.contains(folder) && run < manifest.runs - 1)
      } else {
        stale = false
      }
      if stale { try? FileManager.default.removeItem(atPath: directory + "/" + path) }
    }
  }

  package func removeSuperseded(folders: [String], before run: Int) throws {
    let superseded = Set(folders)
    guard !superseded.isEmpty else { return }
    for path in files() {
      let name = (path as NSString).lastPathComponent
      let folder = (path as NSString).deletingLastPathComponent
      if superseded.contains(folder), let partRun = DatasetManifest.run(ofPart: name), partRun < run
      {
        try? FileManager.default.removeItem(atPath: directory + "/" + path)
      }
    }
  }

  package func writeManifest(_ manifest: DatasetManifest) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let file = try AtomicFile(path: manifestPath, protecting: protecting)
    guard let sink = file.sink else { return }
    let output = TextOutput(sink)
    try output.write(manifest.json)
    try output.flush()
    try file.commit()
  }

  // MARK: - Only what is new

  /// Narrows the export to rows newer than `mark` plus the whole partitions in which rows
  /// that are updated in place changed; returns those partitions' folders.
  package func restrict(_ export: HistoryExport, since mark: Int64, store: Store) throws -> [String]
  {
    let keys: [ExportPlan.PartitionKey] = partitionBy.map { key in
      switch key {
      case .city: .city
      case .source: .source
      case .month: .month(column: monthColumn)
      }
    }
    let narrowed = try export.plan.narrowedToChanges(
      in: store, table: table, partitionKeys: keys, sinceFetch: mark)
    export.plan = narrowed.plan
    return narrowed.changed.map { values in
      values.map { value in
        switch value {
        case .city(let id): "city_id=\(id)"
        case .source(let source): "source=" + DatasetPartition.escape(source)
        case .month(let month): "month=" + month
        }
      }.joined(separator: "/")
    }
  }
}
