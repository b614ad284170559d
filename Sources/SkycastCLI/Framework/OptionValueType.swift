/// The type of a typed option's value.
public enum OptionValueType: Sendable, Equatable {
  /// A whole number in the range.
  case integer(ClosedRange<Int>)
  /// A finite number in the range.
  case number(ClosedRange<Double>)
  /// A duration: a whole number with an optional unit s, m, h or d (`30m`), in seconds.
  case duration
  /// One of these words.
  case choice([String])
}
