/// Why an option's words are not a value of its declared type: thrown by the parser an option
/// declares (`Option.parsed`) and turned into the usage error that names the option, "The
/// value 'x' is invalid for '--name': expected …" (or ": " and `reason`), so the parser says
/// only what it expected.
public struct InvalidOptionValue: Error, Sendable {
  /// The words refused, as given.
  public var word: String
  /// What the option takes, as the error words it after "expected".
  public var expected: String
  /// True when the error names the option with its value, `'--threshold <x>'`.
  public var namesValue: Bool
  /// Said instead of "expected …" when the word is of the right form but not allowed here
  /// (`spark draws sparklines, svg or tikz`).
  public var reason: String?

  /// `word` is not `expected`.
  public init(_ word: String, expected: String, namingValue namesValue: Bool = false) {
    self.word = word
    self.expected = expected
    self.namesValue = namesValue
  }

  /// `word` is not allowed, for `reason`.
  public init(_ word: String, reason: String) {
    self.init(word, expected: "")
    self.reason = reason
  }
}
