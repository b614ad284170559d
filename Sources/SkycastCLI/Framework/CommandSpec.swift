/// A declarative description of one command: its help text, arguments, options and subcommands.
/// The scanner parses against it and the help formatter prints it, so the two never disagree.
public struct CommandSpec: Sendable {
  public var name: String
  public var abstract: String
  public var discussion: String?
  public var arguments: [ArgumentSpec]
  public var options: [OptionSpec]
  public var subcommands: [CommandSpec]
  /// Which options combine, checked in order after the values and before `run`.
  public var rules: [OptionRule]
  /// True when a LaTeX table says a column with one value in every row once, in its caption
  /// (score tables, where a threshold or block length repeats; see `TableDocument`).
  public var constantsInCaption = false
  /// Runs the command; nil for a group that only dispatches to subcommands.
  public var run: (@Sendable (Invocation) async throws -> Int32)?

  public init(
    name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], rules: [OptionRule] = [], subcommands: [CommandSpec] = [],
    constantsInCaption: Bool = false,
    run: (@Sendable (Invocation) async throws -> Int32)? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.rules = rules
    self.subcommands = subcommands
    self.constantsInCaption = constantsInCaption
    self.run = run
  }

  /// The subcommand called `name`.
  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }
}
