import Export
import ExportJobs
import SkycastModel
import Store
import Verify

/// `verify --pairs --format parquet -o DIR`: the matched pairs as a Parquet dataset, with the
/// CSV's columns plus `city_id` (the partition key `--partition-by city` uses).
extension VerifyCommand {
  static func writePairsDataset(
    _ request: VerifyRequest, verifier: Verifier, invocation: Invocation
  ) throws -> Int32 {
    let directory = try ParquetOptions.directory(invocation)
    let keys = try invocation[ParquetOptions.partitionBy] ?? [.month]
    let cities = Dictionary(uniqueKeysWithValues: try verifier.store.cities().map { ($0.id, $0) })
    let labels = try verifier.cityLabels()
    var columns = VerifyTable.pairColumns(request)
    columns.insert(Column("city_id", .integer), at: 1)
    let isDaily = request.variable.frequency == .daily
    // `-o x.parquet` without partitions: one file, not a folder.
    let oneFile = ParquetDatasetWriter.isOneFile(directory, partitionBy: keys)
    if !oneFile {
      let dataset = DatasetExport(
        directory: directory, table: .hourly, partitionBy: keys, required: [], monthColumn: nil,
        selection: "", protecting: [invocation.databasePath])
      do {
        try dataset.requireEmptyFolder(hasManifest: false, append: false)
      } catch let error as DatasetExport.Refusal {
        throw CLIError.failure(error.description)
      }
    }
    let required = Set(columns.map(\.name))
    let monthColumn = isDaily ? "date" : "valid_at"
    let writer =
      oneFile
      ? ParquetDatasetWriter.oneFile(
        at: directory, required: required, monthColumn: monthColumn,
        protecting: [invocation.databasePath])
      : ParquetDatasetWriter(
        directory: directory, partitionBy: keys, required: required, monthColumn: monthColumn,
        protecting: [invocation.databasePath])
    var zones: [Int64: CityTimeZone] = [:]
    let count: Int
    do {
      try writer.begin(columns: columns)
      count = try verifier.store.read {
        try verifier.pairs(request) { pair in
          let zone = zones[pair.cityID] ?? cities[pair.cityID]?.zone ?? .utc
          zones[pair.cityID] = zone
          var cells = VerifyTable.pairCells(
            pair, city: labels[pair.cityID] ?? String(pair.cityID), zone: zone, request: request)
          cells.insert(.integer(pair.cityID), at: 1)
          try writer.write(cells)
        }
      }
      try writer.finish()
      try writer.commit()
    } catch let error as DatasetError {
      writer.discard()
      throw invocation.usage(error.description)
    } catch {
      writer.discard()
      throw error
    }
    let files = writer.parts.count
    invocation.info(
      count == 0
        ? "no forecast–observation pairs matched; no files written"
        : "wrote \(count) pair\(count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") to \(invocation[SharedOptions.outputPath] ?? directory)"
    )
    return ExitStatus.success
  }
}
