import Export
import SkycastModel
import Store

/// Runs a prepared query and streams its rows to the chosen writer (`sql` and `report`).
enum QueryRunner {
  /// `--timeout SECONDS` of `sql` and `report`.
  static let timeoutOption = Option<Double?>.number(
    "timeout", value: "seconds",
    help: "Stop the query when it runs longer than this (e.g. 30 or 0.5).", in: 0.001...86_400,
    shown: "no limit")

  /// `--timeout`, in seconds.
  static func timeout(_ invocation: Invocation) throws -> Double? {
    try invocation[timeoutOption]
  }

  /// What the reading authorizer refused (`ATTACH is refused`), or nil. A refused function or
  /// a refusal inside a pragma table fails with SQLITE_ERROR, not SQLITE_AUTH, so any denial
  /// recorded while preparing is the reason.
  static func refusal(_ store: Store) -> String? {
    store.userQueryDenial.map { "\($0) is refused" }
  }

  /// A user query's SQLite error while it runs, in words: that the `--timeout` deadline stopped
  /// it, what the authorizer refused, or SQLite's own message.
  static func message(_ error: StoreError, store: Store, timeout: Double?) -> String {
    if let refusal = refusal(store) { return refusal }
    if case .interrupted = error, store.userQueryWasInterrupted, let timeout {
      return "query interrupted after \(NumberText.shortest(timeout)) s (--timeout)"
    }
    return error.reason
  }

  /// Binds named parameters; numbers bind as numbers, everything else as text. A parameter the
  /// statement uses but nobody gave is an error naming it.
  static func bind(_ parameters: [String: String], to statement: UserQuery, invocation: Invocation)
    throws
  {
    for name in statement.parameterNames {
      let key = String(name.dropFirst())
      guard !name.isEmpty, let text = parameters[key] else {
        throw invocation.usage(
          "The query needs a value for \(name.isEmpty ? "a positional '?' parameter" : name) (--param \(key)=…)"
        )
      }
      let value: StoreValue =
        if let integer = Int64(text) {
          .integer(integer)
        } else if let real = Double(text), real.isFinite { .real(real) } else { .text(text) }
      do {
        try statement.bind(named: [name: value])
      } catch let error as StoreError {
        throw CLIError.failure("cannot bind \(name): \(error.reason)")
      }
    }
  }

  /// Streams the statement's rows; `comments` print above the table in `table` format only.
  static func write(
    _ statement: UserQuery, store: Store, format: OutputFormat, invocation: Invocation,
    comments: [String] = [], timeout: Double? = nil
  ) throws {
    // Tables for people show a column named like a stored variable at the variable's precision
    // (17.3, not 17.300); csv and json keep every digit of every result.
    let readable = [OutputFormat.table, .latex, .markdown].contains(format)
    let columns = statement.columnNames.map { name in
      guard readable, let variable = WeatherVariable.named(name), variable.isNumeric
      else { return Column(name, .dynamic) }
      return Column(name, .measure(decimals: variable.decimals))
    }
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false)
    for comment in comments { try writer.comment(comment) }
    try writer.begin(columns: columns)
    if let timeout { store.interruptUserQuery(after: timeout) }
    do {
      try statement.withRows { rows in
        let count = rows.columnCount
        while try rows.next() {
          var cells: [Cell] = []
          cells.reserveCapacity(Int(count))
          for index in 0..<count {
            switch rows.value(at: index) {
            case .null: cells.append(.null)
            case .integer(let value): cells.append(.integer(value))
            case .real(let value): cells.append(.number(value))
            case .text(let value): cells.append(.text(value))
            case .blob(let bytes): cells.append(.text("<\(bytes.count) bytes>"))
            }
          }
          try writer.write(cells)
        }
      }
    } catch let error as StoreError {
      throw CLIError.failure(
        "SQL error: \(message(error, store: store, timeout: timeout))")
    }
    try writer.finish()
  }
}
