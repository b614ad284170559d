import OpenMeteo

/// `_skycast_dataset.json`, the small file that makes `export --append` possible: what the
/// dataset holds (table, partitioning, row selection) and how far it goes (the fetch-log id
/// up to which rows were exported), plus the bookkeeping that keeps a re-run after a crash
/// idempotent. Engines skip files whose names start with `_`.
public struct DatasetManifest: Sendable, Equatable {
  public static let fileName = "_skycast_dataset.json"

  public var table: String
  public var partitionBy: [String]
  /// The options that chose the rows (`--city 1 --from …`).
  public var selection: String
  /// Runs recorded so far; run `n` wrote `part-<n>.parquet` files (5 digits).
  public var runs: Int
  /// The highest fetch-log id whose rows are in the dataset.
  public var fetchID: Int64
  /// Partition folders the last run rewrote whole; their files of older runs are superseded.
  public var replaced: [String]

  public init(
    table: String, partitionBy: [String], selection: String, runs: Int, fetchID: Int64,
    replaced: [String]
  ) {
    self.table = table
    self.partitionBy = partitionBy
    self.selection = selection
    self.runs = runs
    self.fetchID = fetchID
    self.replaced = replaced
  }

  /// The file name of run `run`'s part in each partition folder.
  public static func partName(run: Int) -> String {
    let digits = String(run)
    return "part-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".parquet"
  }

  /// The run number of a part file name, nil for other names.
  public static func run(ofPart name: String) -> Int? {
    guard name.hasPrefix("part-"), name.hasSuffix(".parquet") else { return nil }
    return Int(name.dropFirst(5).dropLast(8))
  }

  // MARK: - JSON

  public var json: String {
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20:
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }
    return """
      {
        "skycast_dataset": 1,
        "table": \(quoted(table)),
        "partition_by": [\(partitionBy.map(quoted).joined(separator: ", "))],
        "selection": \(quoted(selection)),
        "runs": \(runs),
        "fetch_id": \(fetchID),
        "replaced": [\(replaced.map(quoted).joined(separator: ", "))]
      }

      """
  }

  /// Reads a manifest; nil when the text is not one.
  public init?(json bytes: [UInt8]) {
    guard let value = try? JSONParser.parse(bytes), value["skycast_dataset"]?.doubleValue == 1,
      let table = value["table"]?.stringValue, let selection = value["selection"]?.stringValue,
      let runs = value["runs"]?.integerValue, let fetchID = value["fetch_id"]?.integerValue
    else { return nil }
    self.table = table
    self.selection = selection
    self.runs = Int(runs)
    self.fetchID = fetchID
    partitionBy = (value["partition_by"]?.arrayValue ?? []).compactMap { $0.stringValue }
    replaced = (value["replaced"]?.arrayValue ?? []).compactMap { $0.stringValue }
  }
}
