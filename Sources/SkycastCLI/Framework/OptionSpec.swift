/// A named option: a flag (no value) or an option with a value.
public struct OptionSpec: Sendable {
  /// The long name without dashes (`city` for `--city`): the key values are stored under.
  public var name: String
  public var short: Character?
  /// The value placeholder (`city` prints `<city>`); nil for a flag.
  public var valueName: String?
  public var help: String
  public var isRepeating: Bool
  /// Shown as `(default: …)` in help.
  public var defaultText: String?
  /// Words the option takes after it: 1 for `--by lead`, 2 for `--compare A B` (each stored as a
  /// value of its own, in order).
  public var arity = 1
  /// True when the value may be left out (`--ci` or `--ci 90`): the next word is taken only when
  /// it is a number. The option then stores `""` when given bare.
  public var valueIsOptional = false
  /// The value's type and allowed range: checked before the command runs, and the range the
  /// typed accessors (`Invocation.int(_:)`, …) apply.
  public var valueType: OptionValueType?
  /// The value when the option is not given, written as a user would type it; the typed
  /// accessors return it and help shows it (unless `defaultText` says it in words).
  public var defaultValue: String?

  public init(
    _ name: String, short: Character? = nil, value: String? = nil, help: String,
    repeating: Bool = false, default defaultText: String? = nil
  ) {
    self.name = name
    self.short = short
    self.valueName = value
    self.help = help
    self.isRepeating = repeating
    self.defaultText = defaultText
  }

  /// An option with a typed value and, usually, a default: declared once, so the help, the
  /// validation before `run` and the value the command reads cannot disagree.
  public static func typed(
    _ name: String, value: String, help: String, type: OptionValueType,
    default defaultValue: String? = nil, shown defaultText: String? = nil
  ) -> OptionSpec {
    var option = OptionSpec(name, value: value, help: help, default: defaultText)
    option.valueType = type
    option.defaultValue = defaultValue
    return option
  }

  /// An option whose value is one word of `type`'s cases (`--op ge|gt`): help shows the
  /// default, validation before `run` rejects other words, and completion offers the cases.
  public static func choice<T: RawRepresentable & CaseIterable>(
    _ name: String, value: String, help: String, of type: T.Type, default defaultValue: T? = nil,
    shown defaultText: String? = nil, repeating: Bool = false
  ) -> OptionSpec where T.RawValue == String {
    var option = OptionSpec(
      name, value: value, help: help, repeating: repeating, default: defaultText)
    option.valueType = .choice(type.allCases.map(\.rawValue))
    option.defaultValue = defaultValue?.rawValue
    return option
  }

  /// The same option with `text` as the default help shows.
  public func shown(_ text: String) -> OptionSpec {
    var option = self
    option.defaultText = text
    return option
  }

  /// What help shows as the default: the words of `defaultText`, else `defaultValue`.
  public var shownDefault: String? { defaultText ?? defaultValue }

  /// An option that takes `names.count` words, `--compare <a> <b>`.
  public static func words(_ name: String, _ names: [String], help: String) -> OptionSpec {
    var option = OptionSpec(name, value: names.joined(separator: "> <"), help: help)
    option.arity = names.count
    return option
  }

  /// An option whose numeric value may be left out, `--ci [<level>]`.
  public static func optionalNumber(
    _ name: String, value: String, help: String, default defaultText: String? = nil
  ) -> OptionSpec {
    var option = OptionSpec(name, value: value, help: help, default: defaultText)
    option.valueIsOptional = true
    return option
  }

  /// A flag (no value).
  public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name, short: short, help: help)
  }

  public var isFlag: Bool { valueName == nil }

  /// `--city <city>`.
  var synopsis: String {
    guard let valueName else { return "--\(name)" }
    return valueIsOptional ? "--\(name) [<\(valueName)>]" : "--\(name) <\(valueName)>"
  }

  /// `-o, --output <file>`.
  var label: String {
    let long = synopsis
    return short.map { "-\($0), \(long)" } ?? long
  }

  /// `[--city <city> ...]` in the usage line.
  var usage: String {
    "[\(synopsis)\(isRepeating ? " ..." : "")]"
  }
}
