/// A Hive-style partition key of a Parquet dataset (`--partition-by`): each key is one folder
/// level, `name=value`, in the order given (`city_id=3/month=2026-03/part-00000.parquet`).
public enum DatasetPartition: String, Sendable, CaseIterable {
  /// The row's local month, `month=YYYY-MM` (from its local date or the local date of its
  /// instant): a column engines add from the path.
  case month
  /// `city_id=<id>`: ids, not names, so a renamed city keeps its folder.
  case city
  /// `source=<source>`.
  case source

  /// The folder-level column name.
  public var column: String {
    switch self {
    case .month: "month"
    case .city: "city_id"
    case .source: "source"
    }
  }

  /// `value` escaped for a path segment as Hive and Spark do: bytes other than letters, digits,
  /// `.`, `_` and `-` become `%XX`, so `import:station` is `import%3Astation`.
  package static func escape(_ value: String) -> String {
    var result = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "-"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        result += "%"
        result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        result.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
      }
    }
    return result.isEmpty || result == "." || result == ".." ? "%2E" + result.dropFirst() : result
  }
}
