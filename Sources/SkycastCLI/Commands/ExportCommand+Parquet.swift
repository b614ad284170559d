import Export
import ExportJobs
import Foundation
import Store

/// `export … --format parquet -o DIR`: the table as a Hive-partitioned Parquet dataset for
/// DuckDB, Spark, pandas and polars (see `ParquetDatasetWriter`).
extension ExportCommand {
  static let parquetOptions: [OptionSpec] = [
    OptionSpec(
      "partition-by", value: "keys",
      help:
        "With --format parquet: folder levels, month, city, source or none (repeat or comma-separate).",
      repeating: true, default: "month; none for cities"),
    .flag(
      "append",
      help:
        "With --format parquet: add only what is new since the last export into the same folder."),
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

  /// `--partition-by` keys; none given means `default`.
  static func partitionKeys(_ invocation: Invocation, default keys: [DatasetPartition]) throws
    -> [DatasetPartition]
  {
    let words = invocation.list("partition-by")
    if words.isEmpty { return keys }
    if words == ["none"] { return [] }
    var result: [DatasetPartition] = []
    for word in words {
      guard let key = DatasetPartition(rawValue: word) else {
        throw invocation.usage(
          "Unknown partition key '\(word)' for --partition-by (expected month, city, source or none)"
        )
      }
      guard !result.contains(key) else {
        throw invocation.usage("--partition-by \(word) is given twice")
      }
      result.append(key)
    }
    return result
  }

  /// The dataset folder: `-o DIR`, which must be new or empty unless `--append` adds to a
  /// dataset Skycast wrote there.
  static func datasetDirectory(_ invocation: Invocation) throws -> String {
    guard let given = invocation.string("output"), given != "-" else {
      throw invocation.usage("--format parquet writes a folder of files: give -o DIR")
    }
    return invocation.context.resolve(path: given)
  }

  static func runParquet(_ invocation: Invocation, table: ExportTable) throws -> Int32 {
    guard !invocation.flag("excel"), !invocation.flag("wide"),
      invocation.string("split-by") == nil
    else {
      throw invocation.usage(
        "--format parquet cannot be combined with --excel, --wide or --split-by (use --partition-by)"
      )
    }
    let directory = try datasetDirectory(invocation)
    let keys = try partitionKeys(invocation, default: table == .cities ? [] : [.month])
    if table == .cities, !keys.isEmpty {
      throw invocation.usage("'export cities' is one small file; leave out --partition-by")
    }
    var request = ExportRequest(table: table)
    request.dates = try invocation.dateRange(required: false)
    request.source = invocation.string("source")
    request.model = invocation.string("model")
    request.latest = invocation.flag("latest")
    if table == .hourly {
      request.leadFrom = try invocation.choiceValue("lead-from", as: LeadOrigin.self)
    }
    let variables = try variables(invocation, table: table)
    request.variables = variables.isEmpty ? nil : variables
    let store = try invocation.openStore(access: .readOnly)
    let selected = try invocation.strings("city").isEmpty ? [] : invocation.cities(in: store)
    request.cityIDs = selected.map(\.id)
    if let source = request.source {
      try checkSource(source, table: table, store: store, invocation: invocation)
    }
    let export = try HistoryExport(store: store, request: request)
    let required = try requiredColumns(baseTable(table), store: store)
    if ParquetDatasetWriter.isOneFile(directory, partitionBy: keys) {
      // `-o x.parquet` without partitions: one file, not a folder.
      guard !invocation.flag("append") else {
        throw invocation.usage(
          "--append adds to a dataset folder; -o \(invocation.string("output") ?? directory) names one file"
        )
      }
      let rows = try store.read {
        try DatasetExport.writeFile(
          at: directory, table: table, export: export, store: store, required: required,
          protecting: [invocation.databasePath])
      }
      let shown = invocation.string("output") ?? directory
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
        try dataset.write(export: export, store: store, append: invocation.flag("append"))
      }
    } catch let error as DatasetExport.Refusal {
      throw CLIError.failure(error.description)
    } catch let error as DatasetError {
      throw invocation.usage(error.description)
    }
    let rows = outcome.parts.reduce(0) { $0 + $1.rows }
    let files = outcome.parts.count
    let shown = invocation.string("output") ?? directory
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
    for name in ["city", "from", "to", "source", "model", "var"] {
      for value in invocation.strings(name) { parts.append("--\(name) \(value)") }
    }
    if invocation.flag("latest") { parts.append("--latest") }
    if invocation.flag("daily") { parts.append("--daily") }
    // A dataset's lead_hours keep one meaning: an append that counts from elsewhere is refused.
    if let origin = invocation.string("lead-from"), origin != LeadOrigin.fetch.rawValue {
      parts.append("--lead-from \(origin)")
    }
    return parts.joined(separator: " ")
  }
}
