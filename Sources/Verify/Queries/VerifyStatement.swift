import Store

/// SQL text with its named parameter values.
public struct VerifyStatement: Sendable {
  /// The statement, with named parameters.
  public let sql: String
  /// `(":name", value)` pairs, every parameter the text uses.
  let parameters: [(String, StoreValue)]

  /// The statement as a `sqlite3` shell script: `.parameter set` lines, then the SQL and `;`.
  ///
  /// The shell evaluates a parameter value as an SQL expression (`2026-03-01` would become the
  /// integer 2022), so text goes in as a single-quoted SQL literal inside a double-quoted
  /// argument: `.parameter set :from "'2026-03-01'"`.
  public var shellScript: String {
    var script = ".parameter init\n"
    for (name, value) in parameters {
      script += ".parameter set \(name) \(Self.shellArgument(value))\n"
    }
    return script + sql + ";\n"
  }

  static func shellArgument(_ value: StoreValue) -> String {
    switch value {
    case .null, .blob: "NULL"
    case .integer(let integer): String(integer)
    case .real(let real): "\(real)"
    case .text(let text):
      "\"'"
        + text.replacingOccurrences(of: "'", with: "''").replacingOccurrences(
          of: "\\", with: "\\\\"
        )
        .replacingOccurrences(of: "\"", with: "\\\"") + "'\""
    }
  }
}
