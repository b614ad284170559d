#if canImport(Glibc)
  import Glibc
#endif

/// A JSON text could not be parsed.
public struct JSONParseError: Error, CustomStringConvertible, Equatable {
  public let offset: Int
  public let reason: String
  public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
