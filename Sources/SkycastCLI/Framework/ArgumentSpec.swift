/// A positional argument.
public struct ArgumentSpec: Sendable {
  public var name: String
  public var help: String
  public var isOptional: Bool
  public var isRepeating: Bool
  /// Checks a word given for the argument before the command runs (a city name's length, the
  /// only word `spark` reads): it throws `InvalidInput`, the usage error.
  public var check: (@Sendable (String) throws -> Void)?

  public init(
    _ name: String, help: String, optional: Bool = false, repeating: Bool = false,
    check: (@Sendable (String) throws -> Void)? = nil
  ) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isRepeating = repeating
    self.check = check
  }

  /// `<name>`, `[<name>]`, `<name> ...`.
  var usage: String {
    var text = "<\(name)>"
    if isRepeating { text += " ..." }
    return isOptional ? "[\(text)]" : text
  }
}
