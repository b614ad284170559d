/// A row value could not be read as the requested type.
public struct RowDecodingError: Error, CustomStringConvertible, Sendable {
  public let column: String
  public let reason: String
  public var description: String { "cannot decode column \(column): \(reason)" }
}
