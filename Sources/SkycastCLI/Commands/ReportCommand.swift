import Export
import SkycastModel
import Store

/// `skycast report NAME`, `skycast report --list`: named SQL reports.
enum ReportCommand {
  static let spec = CommandSpec(
    name: "report", abstract: "Run a named SQL report, or list them.",
    discussion: """
      Built-in reports come from the package's Queries/ folder, \
      compiled into the binary. Your own reports are .sql files in $XDG_CONFIG_HOME/skycast/queries (default \
      ~/.config/skycast/queries); a file named like a built-in report replaces it. A report \
      holds one read-only statement with named parameters: --city binds :city_id and :city, \
      --from and --to bind :from and :to (local dates, YYYY-MM-DD), --param name=value binds \
      any other; left out, these four are NULL (no filter). The database opens read-only, a \
      statement that would write is refused, and so are ATTACH, setting pragmas, \
      load_extension() and fts3_tokenizer(); --timeout stops a report that runs too long.

      Examples:
        skycast report --list
        skycast report daily-summary --city Berlin --from 2026-03-01 --to 2026-03-31
        skycast report forecast-error-by-lead-day --param obs=era5 --format csv -o errors.csv
      """,
    arguments: [ArgumentSpec("name", help: "The report to run.", optional: true)],
    options: [
      Options.list.spec, QueryOptions.param.spec, SharedOptions.city.spec,
      SharedOptions.from.spec, SharedOptions.to.spec, QueryRunner.timeoutOption.spec,
    ] + SharedOptions.output,
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    let library = QueryLibrary(
      userDirectory: QueryLibrary.userDirectory(environment: invocation.context.environment))
    for problem in library.problems { invocation.warn(problem) }
    if invocation[Options.list] {
      guard invocation.arguments.isEmpty else {
        throw invocation.usage("Give either a report name or --list, not both")
      }
      return try list(library, invocation: invocation)
    }
    guard let name = invocation.arguments.first else {
      throw invocation.usage("Missing expected argument '<name>' (see 'skycast report --list')")
    }
    guard let report = library.report(named: name) else {
      let names = library.reports.map(\.name).joined(separator: ", ")
      throw invocation.usage(
        "unknown report '\(TerminalSafe.escape(name))'; reports: \(TerminalSafe.escape(names))")
    }
    let format = try invocation.outputFormat()
    let explicit = try invocation[QueryOptions.param].mapValues(ReportBinding.value)
    let from = try invocation[SharedOptions.from]
    let to = try invocation[SharedOptions.to]
    if let from, let to, from > to { throw invocation.usage("--from \(from) is after --to \(to)") }
    let timeout = try QueryRunner.timeout(invocation)

    let store = try invocation.openStore(access: .readOnly)
    var standard: [String: StoreValue] = [:]
    if let reference = invocation[SharedOptions.city] {
      let city = try store.resolveCity(reference)
      standard["city_id"] = .integer(city.id)
      standard["city"] = .text(city.name)
    }
    if let from { standard["from"] = .text(from.description) }
    if let to { standard["to"] = .text(to.description) }

    let location = report.origin.location(name: report.name)
    let statement: UserQuery
    do {
      statement = try store.prepareUserQuery(report.sql)
    } catch let error as StoreError {
      if let refusal = QueryRunner.refusal(store) {
        throw CLIError.failure(
          "report '\(name)' (\(location)): \(refusal); reports must be read-only (SELECT or WITH)")
      }
      throw CLIError.failure("report '\(name)' (\(location)): SQL error: \(error.reason)")
    }
    guard statement.isReadOnly else {
      throw CLIError.failure(
        "report '\(name)' (\(location)) would change the database; reports must be read-only (SELECT or WITH)"
      )
    }
    let resolution = try ReportBinding.resolve(
      report: report, statementParameters: statement.parameterNames, explicit: explicit,
      standard: standard)
    for unused in resolution.unusedStandard where unused != "city" {
      let option = unused == "city_id" ? "--city" : "--\(unused)"
      invocation.warn("report '\(name)' has no :\(unused) parameter; \(option) is ignored")
    }
    do {
      try statement.bind(named: resolution.values)
    } catch let error as StoreError {
      throw CLIError.failure("report '\(name)': cannot bind parameters: \(error.reason)")
    }
    var comments = ["\(report.name): \(report.description)"]
    if case .user(let path) = report.origin { comments.append("from \(path)") }
    try QueryRunner.write(
      statement, store: store, format: format, invocation: invocation,
      comments: comments, timeout: timeout)
    return ExitStatus.success
  }

  /// `report --list`.
  static func list(_ library: QueryLibrary, invocation: Invocation) throws -> Int32 {
    let format = try invocation.outputFormat()
    // On a terminal the list fits its width (descriptions shortened with …; `--format csv`
    // or a wider `COLUMNS` shows them whole).
    let writer = invocation.rowWriter(
      format: format, output: try invocation.dataOutput(), excel: false,
      fitsTerminal: invocation.context.stdoutIsTTY)
    if let directory = QueryLibrary.userDirectory(environment: invocation.context.environment) {
      try writer.comment(
        "user reports: \(directory)/*.sql (a user file replaces a built-in of the same name)")
    }
    try writer.begin(columns: [
      Column("name", .text), Column("description", .text), Column("parameters", .text),
      Column("origin", .text),
    ])
    for report in library.reports {
      try writer.write([
        .text(report.name), .text(report.description), .text(report.parametersText),
        .text(report.origin.label),
      ])
    }
    try writer.finish()
    return ExitStatus.success
  }
}

extension ReportCommand {
  /// The options of `report` (with `sql`'s `--param` and `--timeout`).
  enum Options {
    static let list = Flag(
      "list", help: "List the reports: name, description, parameters and origin.")
  }
}
