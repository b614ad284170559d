import SkycastModel

/// An option declared once with its type and default: the command lists `spec` and reads the
/// value as `try invocation[option]`, so help, validation before `run` and the value the
/// command sees come from the same declaration (a wrong value is a usage error naming the
/// option; a value left out is the declared default).
public struct Option<Value>: OptionKey {
  public let spec: OptionSpec
  let read: @Sendable (Invocation, OptionSpec) throws -> Value

  init(_ spec: OptionSpec, read: @escaping @Sendable (Invocation, OptionSpec) throws -> Value) {
    self.spec = spec
    self.read = read
  }

  /// The same option with other help text (a command that words a shared option its own way).
  public func help(_ text: String) -> Self {
    var spec = spec
    spec.help = text
    return Self(spec, read: read)
  }
}

// MARK: - Parsed at declaration

extension Option {
  /// An option whose words become a `Value` where it is declared (`--threshold 0.1,1` as
  /// numbers, `--by lead-day` as keys): `parse` gets the words given, comma-separated lists
  /// flattened unless `whole`, and throws `InvalidOptionValue` (or `InvalidInput` with a
  /// message of its own), which becomes the usage error naming the option. The words are
  /// parsed when the command reads the option, in its order of checks.
  public static func parsed(
    _ spec: OptionSpec, whole: Bool = false,
    _ parse: @escaping @Sendable (_ words: [String]) throws -> Value
  ) -> Self {
    Self(spec) { invocation, spec in
      do {
        return try parse(whole ? invocation.texts(spec) : invocation.list(spec))
      } catch let error as InvalidOptionValue {
        throw invocation.invalidValue(
          error.word, for: spec.name, expected: error.expected,
          label: error.namesValue ? spec.synopsis : nil, reason: error.reason)
      }
    }
  }
}

// MARK: - Text

extension Option where Value == String? {
  /// Free text; the last value given, nil when not given (`default` only words it for help).
  public static func text(
    _ name: String, short: Character? = nil, value: String, help: String,
    default defaultText: String? = nil
  ) -> Self {
    Self(OptionSpec(name, short: short, value: value, help: help, default: defaultText)) {
      invocation, spec in invocation.texts(spec).last
    }
  }

  /// `--ci [<level>]`: "" when given bare, the number's text when given with one.
  public static func optionalNumber(
    _ name: String, value: String, help: String, default defaultText: String? = nil
  ) -> Self {
    Self(.optionalNumber(name, value: value, help: help, default: defaultText)) {
      invocation, spec in invocation.texts(spec).last
    }
  }
}

extension Option where Value == String {
  /// Free text with a default: the last value given, else `defaultValue`.
  public static func text(
    _ name: String, value: String, help: String, default defaultValue: String
  ) -> Self {
    Self(OptionSpec(name, value: value, help: help, default: defaultValue)) { invocation, spec in
      invocation.texts(spec).last ?? defaultValue
    }
  }
}

extension Option where Value == [String] {
  /// Repeatable and comma-separated: `--city a --city b,c` → `[a, b, c]`, blanks dropped.
  public static func list(
    _ name: String, value: String, help: String, default defaultText: String? = nil
  ) -> Self {
    Self(OptionSpec(name, value: value, help: help, repeating: true, default: defaultText)) {
      invocation, spec in invocation.list(spec)
    }
  }

  /// Repeatable, each value whole (a value may hold commas: `--city "Paris, Texas"`).
  public static func repeated(
    _ name: String, short: Character? = nil, value: String, help: String,
    default defaultText: String? = nil
  ) -> Self {
    Self(
      OptionSpec(
        name, short: short, value: value, help: help, repeating: true, default: defaultText)
    ) { invocation, spec in invocation.texts(spec) }
  }

  /// An option of several words, `--compare <a> <b>`: the words as given (empty when not).
  public static func words(_ name: String, _ names: [String], help: String) -> Self {
    Self(.words(name, names, help: help)) { invocation, spec in invocation.texts(spec) }
  }
}

// MARK: - Numbers and dates

extension Option where Value == Int {
  /// A whole number in `range`; `defaultValue` when not given.
  public static func integer(
    _ name: String, short: Character? = nil, value: String, help: String,
    in range: ClosedRange<Int>, default defaultValue: Int, shown defaultText: String? = nil
  ) -> Self {
    var spec = OptionSpec.typed(
      name, value: value, help: help, type: .integer(range), default: String(defaultValue),
      shown: defaultText)
    spec.short = short
    return Self(spec) { invocation, spec in
      try invocation.integer(spec) ?? defaultValue
    }
  }

  /// A duration such as `30m`, `2h`, `45s`, `1d` or plain seconds, in seconds; `defaultValue`
  /// (written as a user would) when not given.
  public static func duration(
    _ name: String, value: String, help: String, default defaultValue: String
  ) -> Self {
    let spec = OptionSpec.typed(
      name, value: value, help: help, type: .duration, default: defaultValue)
    return Self(spec) { invocation, spec in
      try invocation.duration(spec, text: invocation.texts(spec).last ?? defaultValue)
    }
  }
}

extension Option where Value == Int? {
  /// A whole number in `range`; nil when not given.
  public static func integer(
    _ name: String, value: String, help: String, in range: ClosedRange<Int>,
    shown defaultText: String? = nil
  ) -> Self {
    Self(.typed(name, value: value, help: help, type: .integer(range), shown: defaultText)) {
      invocation, spec in try invocation.integer(spec)
    }
  }

  /// A duration in seconds; nil when not given.
  public static func duration(
    _ name: String, value: String, help: String, shown defaultText: String? = nil
  ) -> Self {
    Self(.typed(name, value: value, help: help, type: .duration, shown: defaultText)) {
      invocation, spec in
      guard let text = invocation.texts(spec).last else { return nil }
      return try invocation.duration(spec, text: text)
    }
  }
}

extension Option where Value == Double {
  /// A finite number in `range`; `defaultValue` when not given.
  public static func number(
    _ name: String, value: String, help: String, in range: ClosedRange<Double>,
    default defaultValue: Double, shown defaultText: String? = nil
  ) -> Self {
    let spec = OptionSpec.typed(
      name, value: value, help: help, type: .number(range),
      default: Self.written(defaultValue), shown: defaultText)
    return Self(spec) { invocation, spec in try invocation.number(spec) ?? defaultValue }
  }
}

extension Option where Value == Double {
  /// `50` for a whole number, else Swift's shortest text (`0.01`): the default as help shows it.
  static func written(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension Option where Value == Double? {
  /// A finite number in `range` (any finite number when no range is given); nil when not given.
  public static func number(
    _ name: String, value: String, help: String,
    in range: ClosedRange<Double> = -Double
      .greatestFiniteMagnitude...Double.greatestFiniteMagnitude,
    shown defaultText: String? = nil
  ) -> Self {
    Self(.typed(name, value: value, help: help, type: .number(range), shown: defaultText)) {
      invocation, spec in try invocation.number(spec)
    }
  }
}

extension Option where Value == LocalDate? {
  /// A `YYYY-MM-DD` date; nil when not given.
  public static func date(_ name: String, help: String) -> Self {
    Self(OptionSpec(name, value: "date", help: help)) { invocation, spec in
      try invocation.date(spec)
    }
  }
}

// MARK: - Choices

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One of `Value`'s cases (help shows the default, completion offers the cases).
  public static func choice(
    _ name: String, value: String, help: String, default defaultValue: Value,
    shown defaultText: String? = nil
  ) -> Self {
    Self(
      .choice(
        name, value: value, help: help, of: Value.self, default: defaultValue, shown: defaultText)
    ) { invocation, spec in try invocation.choice(spec, as: Value.self) ?? defaultValue }
  }
}

extension Option {
  /// One of `T`'s cases; nil when not given.
  public static func choice<T: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, value: String, help: String, of type: T.Type, shown defaultText: String? = nil
  ) -> Self where Value == T?, T.RawValue == String {
    Self(.choice(name, value: value, help: help, of: type, shown: defaultText)) {
      invocation, spec in try invocation.choice(spec, as: T.self)
    }
  }

  /// Several of `T`'s cases (repeatable and comma-separated), in the order given.
  public static func choices<T: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, value: String, help: String, of type: T.Type, shown defaultText: String? = nil
  ) -> Self where Value == [T], T.RawValue == String {
    Self(.choice(name, value: value, help: help, of: type, shown: defaultText, repeating: true)) {
      invocation, spec in
      try invocation.list(spec).map { word in
        guard let value = T(rawValue: word) else {
          let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
          throw invocation.invalidValue(word, for: spec.name, expected: "one of \(allowed)")
        }
        return value
      }
    }
  }
}
