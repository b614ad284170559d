import SQLiteKit
import SkycastKit

/// `skycast sql "SELECT …"`: one read-only statement over the history.
enum SQLCommand {
  static let spec = CommandSpec(
    name: "sql", abstract: "Run one read-only SQL statement over the history.",
    discussion: """
      The database opens read-only, and any statement SQLite does not report as read-only is \
      refused (a read-only connection would still run VACUUM INTO). Skycast's SQL functions \
      (feels_like_bom, heat_index, wind_chill, feels_like_nws, dew_point, uv_category, …) are \
      available. Results are never rounded in csv/json.

      Example:
        skycast sql "SELECT lead_hours, avg(temperature_2m) FROM hourly_forecasts GROUP BY 1"
      """,
    arguments: [ArgumentSpec("statement", help: "The SQL statement.")],
    options: [
      OptionSpec(
        "param", value: "name=value", help: "Bind :name to value (repeatable).", repeating: true)
    ] + SharedOptions.output,
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    let sql = invocation.arguments[0]
    guard !sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw invocation.usage("The SQL statement is empty")
    }
    let format = try invocation.outputFormat()
    let parameters = try Self.parameters(invocation)
    let store = try invocation.openStore(access: .readOnly)
    let statement: Statement
    do {
      statement = try store.database.prepare(sql)
    } catch let error as SQLiteError {
      throw CLIError.failure("SQL error: \(error.message)")
    }
    guard statement.isReadOnly else {
      throw CLIError.failure(
        "only read-only statements are allowed (SELECT, WITH, read-only PRAGMA); this one would change the database"
      )
    }
    try QueryRunner.bind(parameters, to: statement, invocation: invocation)
    try QueryRunner.write(statement, format: format, invocation: invocation)
    return ExitStatus.success
  }

  /// `--param k=v` pairs.
  static func parameters(_ invocation: Invocation) throws -> [String: String] {
    var result: [String: String] = [:]
    for pair in invocation.strings("param") {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw invocation.usage("The value '\(pair)' is invalid for '--param': expected name=value")
      }
      result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    return result
  }
}

/// Runs a prepared query and streams its rows to the chosen writer (`sql` and `report`).
enum QueryRunner {
  /// Binds named parameters; numbers bind as numbers, everything else as text. A parameter the
  /// statement uses but nobody gave is an error naming it.
  static func bind(_ parameters: [String: String], to statement: Statement, invocation: Invocation)
    throws
  {
    for name in statement.parameterNames {
      let key = String(name.dropFirst())
      guard !name.isEmpty, let text = parameters[key] else {
        throw invocation.usage(
          "The query needs a value for \(name.isEmpty ? "a positional '?' parameter" : name) (--param \(key)=…)"
        )
      }
      let value: SQLiteValue =
        if let integer = Int64(text) {
          .integer(integer)
        } else if let real = Double(text), real.isFinite { .real(real) } else { .text(text) }
      do {
        try statement.bind(named: [name: value])
      } catch let error as SQLiteError {
        throw CLIError.failure("cannot bind \(name): \(error.message)")
      }
    }
  }

  /// Streams the statement's rows; `comments` print above the table in `table` format only.
  static func write(
    _ statement: Statement, format: OutputFormat, invocation: Invocation, comments: [String] = []
  ) throws {
    let columns = statement.columnNames.map { Column($0, .dynamic) }
    let writer = RowWriters.make(format: format, output: try invocation.dataOutput(), excel: false)
    for comment in comments { try writer.comment(comment) }
    try writer.begin(columns: columns)
    let count = statement.columnCount
    do {
      while try statement.step() {
        var cells: [Cell] = []
        cells.reserveCapacity(Int(count))
        for index in 0..<count {
          switch statement.value(at: index) {
          case .null: cells.append(.null)
          case .integer(let value): cells.append(.integer(value))
          case .real(let value): cells.append(.number(value))
          case .text(let value): cells.append(.text(value))
          case .blob(let bytes): cells.append(.text("<\(bytes.count) bytes>"))
          }
        }
        try writer.write(cells)
      }
    } catch let error as SQLiteError {
      throw CLIError.failure("SQL error: \(error.message)")
    }
    try writer.finish()
  }
}
