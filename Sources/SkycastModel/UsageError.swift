/// An error caused by what the user typed (an unknown city, an ambiguous name, a bad option
/// value): the CLI ends with exit code 64 and a usage hint instead of 1.
public protocol UsageError: Error, CustomStringConvertible {}

/// A plain usage error with a message.
public struct InvalidInput: UsageError, Equatable {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
