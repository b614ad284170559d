import Foundation
import SkycastModel

/// The Parquet export against the CSV export of the same rows, its peak memory, and the bytes
/// the dataset spends per stored value.
extension Benchmark {
  /// - Parameters:
  ///   - csvSeconds: the CSV export of every hourly row (same run, same data).
  ///   - rows: the hourly rows.
  func parquetExport(database: String, csvSeconds: Double, rows: Int) throws -> [Figure] {
    let folder = directory + "/parquet-hourly"
    try? FileManager.default.removeItem(atPath: folder)
    log("export: all \(Self.count(rows)) rows as Parquet (partitioned by month)")
    var ours: ProcessCost?
    for _ in 0..<2 {
      try? FileManager.default.removeItem(atPath: folder)
      let cost = try Subprocess.run(
        skycast, ["export", "hourly", "--format", "parquet", "--db", database, "-o", folder])
      if ours == nil || cost.seconds < ours!.seconds { ours = cost }
    }
    let cost = ours!
    let bytes = Self.folderBytes(folder)
    let columns =
      try shellCount(database, "SELECT count(*) FROM pragma_table_info('hourly_forecasts')") + 1
    let values = rows * columns
    let databaseBytes =
      (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
    let ratio = cost.seconds / csvSeconds
    return [
      Figure(
        name: "parquet export (\(Self.count(rows)) rows)", ours: Self.seconds(cost.seconds),
        baseline: Self.seconds(csvSeconds) + " (skycast CSV)", ratio: ratio, target: "≤ 1.0× CSV",
        holds: ratio <= 1.0),
      Figure(
        name: "parquet peak RSS (\(Self.count(rows)) rows)",
        ours: Self.megabytes(cost.peakRSSKilobytes), baseline: "", ratio: nil,
        target: "< 100 MB", holds: cost.peakRSSKilobytes < 100 * 1024),
      Figure(
        name: "Parquet bytes per stored value (\(columns) columns)",
        ours: NumberText.fixed(Double(bytes) / Double(max(1, values)), decimals: 2) + " B ("
          + Self.megabytes(Int(bytes / 1024)) + ")",
        baseline: NumberText.fixed(Double(databaseBytes) / Double(max(1, values)), decimals: 2)
          + " B (whole SQLite file)",
        ratio: nil, target: "—", holds: nil),
    ]
  }

  /// The size of every file below `folder`.
  static func folderBytes(_ folder: String) -> Int64 {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return 0 }
    var total: Int64 = 0
    while let path = enumerator.nextObject() as? String {
      let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + path))?[.size]
      total += Int64((size as? Int) ?? 0)
    }
    return total
  }
}
