/// A flag, declared once: `invocation[flag]` is true when it was given.
public struct Flag: OptionKey {
  public private(set) var spec: OptionSpec

  public init(_ name: String, short: Character? = nil, help: String) {
    spec = .flag(name, short: short, help: help)
  }

  /// The same flag with other help text (a command that words a shared flag its own way).
  public func help(_ text: String) -> Self {
    var flag = self
    flag.spec.help = text
    return flag
  }
}
