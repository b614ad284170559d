import SkycastModel
import Store

/// `skycast db merge OTHER.sqlite…`: histories collected on several machines combined into the
/// `--db` database (see `Store.merge(from:)`).
enum DatabaseMergeCommand {
  static let spec = CommandSpec(
    name: "merge",
    abstract: "Combine the histories of other Skycast databases into this one.",
    discussion: """
      For collectors on several machines: copy their files over and merge them into one \
      database. Cities match by geonames id, else by name and coordinates (within 0.001°); a \
      fetch already present (same city, source, model, request time and body hash) is skipped \
      with its rows; observations and backfilled or imported forecasts follow the rule of \
      collecting: NULL never overwrites, and the later fetch's value wins. Each file is merged \
      in one transaction: a file that fails leaves the database as it was before it. Merging \
      the same file again changes nothing. Files of another application, empty ones and ones \
      from a newer Skycast are refused untouched. What is copied is checked as import and \
      collecting check it: a file with a city that could not be saved (coordinates that are \
      not numbers, an unknown time zone) is refused whole; rows with impossible values \
      (9999 °C, a time that is not a number) are left out and counted as refused.

      Example:
        skycast db merge laptop.sqlite raspberry.sqlite
      """,
    arguments: [
      ArgumentSpec("other", help: "Skycast databases to merge in (read only).", repeating: true)
    ],
    run: { try run($0) })

  static func run(_ invocation: Invocation) throws -> Int32 {
    // `<other>` is a required argument: the scanner refuses a command line without one.
    let store = try invocation.openStore()
    for argument in invocation.arguments {
      let path = invocation.context.resolve(path: argument)
      let shown = TerminalSafe.escape(argument)
      let report: MergeReport
      do {
        report = try store.merge(from: path)
      } catch let error as MergeError {
        throw CLIError.failure(
          TerminalSafe.escape(error.description.replacingOccurrences(of: path, with: argument))
            + (argument == invocation.arguments[0] ? "" : "; the files before it are merged"))
      }
      try invocation.stdout.line(
        "merged \(shown): cities \(report.citiesAdded) added, \(report.citiesMatched) matched; fetches \(report.fetchesAdded) added, \(report.fetchesMatched) already present; rows \(report.rowsAdded) added, \(report.rowsUpdated) updated, \(report.rowsSkipped) skipped"
          + (report.rowsRefused > 0 ? ", \(report.rowsRefused) refused" : "")
      )
      for problem in report.refusedProblems {
        invocation.warn("\(shown): left out \(problem)")
      }
    }
    return ExitStatus.success
  }
}
