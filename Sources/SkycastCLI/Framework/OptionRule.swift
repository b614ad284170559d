/// A rule between a command's options, declared with the command (`CommandSpec.rules`) and
/// checked before it runs: the usage error `message` when every option of `when` is given and
/// none of `unless`.
///
/// Which options combine is data, not code paths: a command lists its rules once, in the order
/// they are checked (the first broken rule is the one reported), and a test can try each rule
/// and prove it is reachable. Rules that depend on a value (`--diagram pit`, `--format svg`,
/// several thresholds) stay next to the code that reads the value.
public struct OptionRule: Sendable, CustomStringConvertible {
  /// Long names (without dashes) of the options that must all be given.
  public var when: [String]
  /// Long names of the options any of which lifts the rule.
  public var unless: [String]
  /// The usage error, naming the options as the user typed them.
  public var message: String

  public init(when: [any OptionKey], unless: [any OptionKey] = [], _ message: String) {
    self.when = when.map(\.spec.name)
    self.unless = unless.map(\.spec.name)
    self.message = message
  }

  /// `--a cannot be combined with --b`, or `message` in other words.
  public static func conflict(_ a: any OptionKey, _ b: any OptionKey, _ message: String? = nil)
    -> Self
  {
    Self(
      when: [a, b],
      message ?? "--\(a.spec.name) cannot be combined with --\(b.spec.name)")
  }

  /// `option` means nothing without one of `others`: `message` when it is given alone.
  public static func requires(
    _ option: any OptionKey, oneOf others: [any OptionKey], _ message: String
  ) -> Self {
    Self(when: [option], unless: others, message)
  }

  /// True when the rule is broken by the options `isGiven` says were given.
  public func isBroken(given isGiven: (String) -> Bool) -> Bool {
    when.allSatisfy(isGiven) && !unless.contains(where: isGiven)
  }

  public var description: String {
    let condition = when.map { "--\($0)" }.joined(separator: " + ")
    let lifted = unless.isEmpty ? "" : " unless " + unless.map { "--\($0)" }.joined(separator: "|")
    return condition + lifted + ": " + message
  }
}
