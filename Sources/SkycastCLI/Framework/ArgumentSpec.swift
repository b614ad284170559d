/// A positional argument.
public struct ArgumentSpec: Sendable {
  public var name: String
  public var help: String
  public var isOptional: Bool
  public var isRepeating: Bool

  public init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isRepeating = repeating
  }

  /// `<name>`, `[<name>]`, `<name> ...`.
  var usage: String {
    var text = "<\(name)>"
    if isRepeating { text += " ..." }
    return isOptional ? "[\(text)]" : text
  }
}
