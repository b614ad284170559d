import Export
import SkycastModel

/// The options of `--format parquet` datasets, shared by `export` and `verify --pairs`.
enum ParquetOptions {
  /// `--partition-by`: the folder levels in order; nil when not given (the command's default),
  /// empty for `none`.
  static let partitionBy = Option<[DatasetPartition]?>.parsed(
    OptionSpec(
      "partition-by", value: "keys",
      help:
        "With --format parquet: folder levels, month, city, source or none (repeat or comma-separate).",
      repeating: true, default: "month; none for cities")
  ) { words in
    if words.isEmpty { return nil }
    if words == ["none"] { return [] }
    var keys: [DatasetPartition] = []
    for word in words {
      guard let key = DatasetPartition(rawValue: word) else {
        throw InvalidInput(
          "Unknown partition key '\(word)' for --partition-by (expected month, city, source or none)"
        )
      }
      guard !keys.contains(key) else {
        throw InvalidInput("--partition-by \(word) is given twice")
      }
      keys.append(key)
    }
    return keys
  }

  /// The dataset folder: `-o DIR`, which must be new or empty unless `--append` adds to a
  /// dataset Skycast wrote there.
  static func directory(_ invocation: Invocation) throws -> String {
    guard let given = invocation[SharedOptions.outputPath], given != "-" else {
      throw invocation.usage("--format parquet writes a folder of files: give -o DIR")
    }
    return invocation.context.resolve(path: given)
  }

  /// `--append`: add to a dataset folder Skycast wrote.
  static let append = Flag(
    "append",
    help: "With --format parquet: add only what is new since the last export into the same folder.")
}
