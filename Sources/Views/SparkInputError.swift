import SkycastModel

/// Numbers for `skycast spark -` could not be read.
public struct SparkInputError: Error, CustomStringConvertible, Equatable {
  public let message: String
  public var description: String { message }
}
