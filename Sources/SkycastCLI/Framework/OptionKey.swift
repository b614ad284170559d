/// Anything that declares an option: its help entry is enough to ask whether it was given.
public protocol OptionKey: Sendable {
  /// The declaration help, completion and the scanner read.
  var spec: OptionSpec { get }
}
