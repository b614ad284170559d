/// Text whose option declaration checked it (a language code, an IANA zone name): its own type
/// so that reading it throws the declaration's usage error, where plain text options (free
/// text and names) never fail to read.
public struct CheckedText: Sendable, Equatable, CustomStringConvertible {
  /// The text as given.
  public let text: String

  public init(_ text: String) { self.text = text }

  public var description: String { text }
}
