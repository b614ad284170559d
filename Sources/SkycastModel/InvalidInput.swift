/// A request the domain refuses as given (a grouping that does not apply, a variable a table
/// does not hold), in words that name what was wrong.
public struct InvalidInput: Error, CustomStringConvertible, Equatable {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
