import Export
import SkycastModel
import Store

/// `skycast sql "SELECT …"`: one read-only statement over the history.
enum SQLCommand {
  static let spec = CommandSpec(
    name: "sql", abstract: "Run one read-only SQL statement over the history.",
    discussion: """
      The database opens read-only, and any statement SQLite does not report as read-only is \
      refused (a read-only connection would still run VACUUM INTO); an authorizer also refuses \
      ATTACH, setting pragmas, load_extension() and fts3_tokenizer(). --timeout stops a query \
      that runs too long. Skycast's SQL functions \
      (feels_like_bom, heat_index, wind_chill, feels_like_nws, dew_point, uv_category, …) are \
      available. Results are never rounded in csv/json.

      Example:
        skycast sql "SELECT lead_hours, avg(temperature_2m) FROM hourly_forecasts GROUP BY 1"
      """,
    arguments: [
      ArgumentSpec("statement", help: "The SQL statement.") { sql in
        guard !sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
          throw InvalidInput("The SQL statement is empty")
        }
      }
    ],
    options: [
      QueryOptions.param.spec, QueryRunner.timeoutOption.spec,
    ] + SharedOptions.output,
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    // The argument's declaration refuses an empty statement.
    let sql = invocation.arguments[0]
    let format = try invocation.outputFormat()
    let parameters = try invocation[QueryOptions.param]
    let timeout = try QueryRunner.timeout(invocation)
    let store = try invocation.openStore(access: .readOnly)
    let statement: UserQuery
    do {
      statement = try store.prepareUserQuery(sql)
    } catch let error as StoreError {
      if let refusal = QueryRunner.refusal(store) {
        throw CLIError.failure("\(readOnlyRule); \(refusal)")
      }
      throw CLIError.failure("SQL error: \(error.reason)")
    }
    guard statement.isReadOnly else {
      throw CLIError.failure("\(readOnlyRule); this one would change the database")
    }
    try QueryRunner.bind(parameters, to: statement, invocation: invocation)
    try QueryRunner.write(
      statement, store: store, format: format, invocation: invocation,
      timeout: timeout)
    return ExitStatus.success
  }

  static let readOnlyRule = "only read-only statements are allowed (SELECT, WITH, read-only PRAGMA)"
}
