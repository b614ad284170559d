import Foundation
import SkycastModel

#if canImport(Glibc)
  import Glibc
#endif

/// Why a dataset cannot be written as asked.
public enum DatasetError: Error, Equatable, CustomStringConvertible {
  /// The table has no column for this partition key.
  case cannotPartition(DatasetPartition)
  /// A row has no value for a partition key (NULL city or source, no date).
  case missingPartitionValue(DatasetPartition)

  public var description: String {
    switch self {
    case .cannotPartition(let key):
      "this table cannot be partitioned by \(key.rawValue): it has no \(key.column) column"
    case .missingPartitionValue(let key):
      "a row has no \(key.column) value to partition by"
    }
  }
}
