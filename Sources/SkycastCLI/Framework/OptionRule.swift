/// A rule between a command's options, declared with the command (`CommandSpec.rules`) and
/// checked before it runs: the usage error `message` when every option of `when` is given and
/// none of `unless` (nor an option of `unlessValue` with one of its words).
///
/// Which options combine is data, not code paths: a command lists its rules once, in the order
/// they are checked (the first broken rule is the one reported), and a test can try each rule
/// and prove it is reachable. A word given to an option (`--format parquet`) is declared with
/// `only(with:being:)`, `when(_:being:)` and `except(_:being:)`; a condition on the values the
/// command computes (the variable, several thresholds, `--min` above `--max`) with
/// `values(when:unless:_:_:)`; positional arguments with `arguments(given:)`. Only what needs
/// the database stays in `run`.
public struct OptionRule: Sendable, CustomStringConvertible {
  /// Long names (without dashes) of the options that must all be given.
  public var when: [String]
  /// Long names of the options any of which lifts the rule.
  public var unless: [String]
  /// Options whose last word, when it is one of these, lifts the rule (`--format parquet`).
  public var unlessValue: [String: [String]] = [:]
  /// Options that break the rule only when their last word is one of these.
  public var whenValue: [String: [String]] = [:]
  /// The usage error, naming the options as the user typed them.
  public var message: String
  /// When set, the rule breaks only when positional arguments are given (true) or none are
  /// (false): `--runs does not apply to 'spark -'`.
  public var withArguments: Bool?
  /// A condition on the values the command computes from its options (`--min` above `--max`,
  /// a variable's kind), read before `run`; it returns the error it finds, or nil. A value
  /// that does not parse lifts the rule, so its own error comes where the command reads it.
  public var valueCheck: (@Sendable (Invocation) -> String?)?

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

  /// `option` means something only when `other` is given as one of `words` (`--append` only
  /// with `--format parquet`): `message` otherwise.
  public static func only(
    _ option: any OptionKey, with other: any OptionKey, being words: [String], _ message: String
  ) -> Self {
    Self(when: [option], message).except(other, being: words)
  }

  /// The same rule, broken only when `option` is given as one of `words` (`--format svg`).
  public func when(_ option: any OptionKey, being words: [String]) -> Self {
    var rule = self
    if !rule.when.contains(option.spec.name) { rule.when.append(option.spec.name) }
    rule.whenValue[option.spec.name, default: []] += words
    return rule
  }

  /// The same rule, lifted when `option` is given as one of `words`.
  public func except(_ option: any OptionKey, being words: [String]) -> Self {
    var rule = self
    rule.unlessValue[option.spec.name, default: []] += words
    return rule
  }

  /// The same rule, broken only when the command line holds positional arguments (`given`)
  /// or holds none (`!given`).
  public func arguments(given: Bool) -> Self {
    var rule = self
    rule.withArguments = given
    return rule
  }

  /// A rule on the values of options: when every option of `when` is given, `check` reads
  /// their values (and what the command computes from them) and returns the usage error, or
  /// nil when they agree. `message` describes the rule (its test and `description`).
  public static func values(
    when: [any OptionKey], unless: [any OptionKey] = [], _ message: String,
    _ check: @escaping @Sendable (Invocation) -> String?
  ) -> Self {
    var rule = Self(when: when, unless: unless, message)
    rule.valueCheck = check
    return rule
  }

  /// The rule as `invocation` breaks it, its `message` the usage error to report; nil when it
  /// holds.
  func broken(in invocation: Invocation) -> Self? {
    guard isViolated(by: { invocation.values[$0] }),
      withArguments.map({ $0 == !invocation.arguments.isEmpty }) ?? true
    else { return nil }
    guard let valueCheck else { return self }
    var rule = self
    guard let message = valueCheck(invocation) else { return nil }
    rule.message = message
    return rule
  }

  /// True when the rule is broken by the options `isGiven` says were given, whatever their
  /// words.
  public func isBroken(given isGiven: (String) -> Bool) -> Bool {
    when.allSatisfy(isGiven) && !unless.contains(where: isGiven)
  }

  /// True when the rule is broken by the options given, `words` being each option's words
  /// (nil when it was not given).
  public func isViolated(by words: (String) -> [String]?) -> Bool {
    func has(_ name: String, oneOf allowed: [String]) -> Bool {
      words(name)?.last.map(allowed.contains) ?? false
    }
    return isBroken(given: { words($0) != nil })
      && whenValue.allSatisfy { has($0.key, oneOf: $0.value) }
      && !unlessValue.contains { has($0.key, oneOf: $0.value) }
  }

  public var description: String {
    func words(_ values: [String: [String]]) -> [String] {
      values.sorted { $0.key < $1.key }.map {
        "--\($0.key) " + $0.value.joined(separator: "|")
      }
    }
    let condition = (when.filter { whenValue[$0] == nil }.map { "--\($0)" } + words(whenValue))
      .joined(separator: " + ")
    let lifts = unless.map { "--\($0)" } + words(unlessValue)
    let lifted = lifts.isEmpty ? "" : " unless " + lifts.joined(separator: "|")
    return condition + lifted + ": " + message
  }
}
