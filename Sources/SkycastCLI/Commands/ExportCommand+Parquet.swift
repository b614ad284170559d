import Export
import ExportJobs
import Foundation
import SkycastModel
import Store

/// `export … --format parquet -o DIR`: the table as a Hive-partitioned Parquet dataset for
/// DuckDB, Spark, pandas and polars (see `ParquetDatasetWriter`).
extension ExportCommand {
  static let parquetOptions: [OptionSpec] = [
    ParquetOptions.partitionBy.spec, ParquetOptions.append.spec,
  ]

  /// The column whose local month `--partition-by month` uses.
  static func monthColumn(_ table: ExportTable) -> String? {
    switch table {
    case .hourly, .hourlyObservations: "valid_date"
    case .daily, .dailyObservations: "date"
    case .fetches: "requested_at"
    case .cities: nil
    }
  }

  /// The stored table behind an export table (its NOT NULL columns are REQUIRED in Parquet).
  static func baseTable(_ table: ExportTable) -> String {
    switch table {
    case .hourly: "hourly_forecasts"
    case .daily: "daily_forecasts"
    case .hourlyObservations: "hourly_observations"
    case .dailyObservations: "daily_observations"
    case .fetches: "fetches"
    case .cities: "cities"
    }
  }

  /// Columns declared NOT NULL (or the primary key) in `table`.
  static func requiredColumns(_ table: String, store: Store) throws -> Set<String> {
    try store.requiredColumns(ofTable: table)
  }

  static func runParquet(_ invocation: Invocation, table: ExportTable) throws -> Int32 {
    let directory = try ParquetOptions.directory(invocation)
    let keys = try invocation[ParquetOptions.partitionBy] ?? (table == .cities ? [] : [.month])
    // The declared rules leave 'export cities' unpartitioned.
    var request = ExportRequest(table: table)
    request.dates = try invocation.dateRange(required: false)
    request.source = invocation[Options.source].map(FetchSource.init)
    request.model = invocation[Options.model]
    request.latest = invocation[Options.latest]
    if table == .hourly {
      request.leadFrom = try invocation[Options.leadFrom]
    }
    let variables = try variables(invocation, table: table)
    request.variables = variables.isEmpty ? nil : variables
    let store = try invocation.openStore(access: .readOnly)
    let selected = try invocation[SharedOptions.cities].isEmpty ? [] : invocation.cities(in: store)
    request.cityIDs = selected.map(\.id)
    if let source = request.source {
      try checkSource(source.rawValue, table: table, store: store, invocation: invocation)
    }
    let export = try HistoryExport(store: store, request: request)
    let required = try requiredColumns(baseTable(table), store: store)
    if ParquetDatasetWriter.isOneFile(directory, partitionBy: keys) {
      // `-o x.parquet` without partitions: one file, not a folder.
      guard !invocation[ParquetOptions.append] else {
        throw invocation.usage(
          "--append adds to a dataset folder; -o \(invocation[SharedOptions.outputPath] ?? directory) names one file"
        )
      }
      let rows = try store.read {
        try DatasetExport.writeFile(
          at: directory, table: table, export: export, store: store, required: required,
          protecting: [invocation.databasePath])
      }
      let shown = invocation[SharedOptions.outputPath] ?? directory
      invocation.info(
        rows == 0
          ? "no rows to export; no file written to \(shown)"
          : "exported \(rows) row\(rows == 1 ? "" : "s") to \(shown)")
      return ExitStatus.success
    }
    let dataset = DatasetExport(
      directory: directory, table: table, partitionBy: keys, required: required,
      monthColumn: monthColumn(table), selection: selectionText(invocation),
      protecting: [invocation.databasePath])
    let outcome: DatasetExport.Outcome
    do {
      outcome = try store.read {
        try dataset.write(export: export, store: store, append: invocation[ParquetOptions.append])
      }
    } catch let error as DatasetExport.Refusal {
      throw CLIError.failure(error.description)
    } catch let error as DatasetError {
      throw invocation.usage(error.description)
    }
    let rows = outcome.parts.reduce(0) { $0 + $1.rows }
    let files = outcome.parts.count
    let shown = invocation[SharedOptions.outputPath] ?? directory
    if outcome.parts.isEmpty {
      invocation.info(
        outcome.appended
          ? "nothing new since the last export to \(shown); no files written"
          : "no rows to export; no files written to \(shown)")
    } else {
      invocation.info(
        "exported \(rows) row\(rows == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") to \(shown)"
          + (outcome.replaced > 0
            ? " (\(outcome.replaced) partition\(outcome.replaced == 1 ? "" : "s") rewritten)" : ""))
    }
    return ExitStatus.success
  }

  /// The options that choose the rows, so `--append` can refuse a different selection.
  static func selectionText(_ invocation: Invocation) -> String {
    var parts: [String] = []
    let selecting: [any OptionKey] = [
      SharedOptions.cities, SharedOptions.from, SharedOptions.to, Options.source, Options.model,
      Options.var,
    ]
    for option in selecting {
      for value in invocation.givenWords(option) { parts.append("--\(option.spec.name) \(value)") }
    }
    if invocation[Options.latest] { parts.append("--latest") }
    if invocation[Options.daily] { parts.append("--daily") }
    // A dataset's lead_hours keep one meaning: an append that counts from elsewhere is refused.
    if let origin = try? invocation[Options.leadFrom], origin != .fetch {
      parts.append("--lead-from \(origin.rawValue)")
    }
    return parts.joined(separator: " ")
  }
}
