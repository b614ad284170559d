import Foundation

/// A file whose bytes cannot be read as text in the chosen or detected encoding.
public struct TextEncodingError: Error, CustomStringConvertible, Equatable {
  public let message: String
  public var description: String { message }
}
