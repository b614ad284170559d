import SkycastModel

/// The options of the commands that run SQL, `sql` and `report`.
enum QueryOptions {
  /// `--param name=value` (repeatable): the values to bind by name, a later value for the same
  /// name replacing an earlier one.
  static let param = Option<[String: String]>.parsed(
    OptionSpec(
      "param", value: "name=value", help: "Bind :name to value (repeatable).", repeating: true),
    whole: true
  ) { pairs in
    var result: [String: String] = [:]
    for pair in pairs {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw InvalidOptionValue(pair, expected: "name=value")
      }
      result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    return result
  }
}
