internal import SQLiteKit
import SkycastModel

/// Why a file cannot be merged.
public struct MergeError: Error, CustomStringConvertible, Equatable {
  public let description: String
}
