import Foundation
import SkycastModel
import Store

/// `skycast db info|check|vacuum|backup|prune`.
enum DatabaseCommand {
  static let spec = CommandSpec(
    name: "db", abstract: "Inspect and maintain the database file.",
    subcommands: [info, check, vacuum, backup, prune, DatabaseMergeCommand.spec])

  static let info = CommandSpec(
    name: "info", abstract: "Show the database path, size, schema version and row counts.",
    run: { try runInfo($0) })

  static let check = CommandSpec(
    name: "check",
    abstract: "Check the file and every stored row (exit 1 when it finds problems).",
    run: { try runCheck($0) })

  static let vacuum = CommandSpec(
    name: "vacuum", abstract: "Rebuild the file to reclaim free space.",
    run: { try runVacuum($0) })

  static let backup = CommandSpec(
    name: "backup",
    abstract:
      "Copy the database consistently to FILE (online backup; safe while other runs write).",
    arguments: [ArgumentSpec("file", help: "Where to write the copy (must not exist).")],
    run: { try runBackup($0) })

  static let prune = CommandSpec(
    name: "prune",
    abstract: "Delete forecast history issued before a date (observations are kept).",
    discussion: """
      Deletes every forecast row (collected, backfilled or imported) whose issued_at is before \
      the date's 00:00 UTC, the fetch-log rows of collected and backfilled forecasts left without \
      data, and failed forecast fetches before the date. Observations and the fetch-log rows of \
      imports and observations stay. Take a copy first with 'skycast db backup FILE'.
      """,
    options: [Options.before.spec],
    rules: [
      OptionRule(when: [], unless: [Options.before], "Missing value for '--before <date>'")
    ],
    run: { try runPrune($0) })

  static func runInfo(_ invocation: Invocation) throws -> Int32 {
    let store = try invocation.openExistingStore()
    let overview = try store.overview()
    let size = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
    let out = invocation.stdout
    try out.line("path            \(store.path)")
    try out.line("size            \(ByteCount.text(size))")
    try out.line("schema version  \(overview.schemaVersion)")
    try out.line("sqlite          \(overview.sqliteVersion ?? "?")")
    try out.line("journal mode    \(overview.journalMode ?? "?")")
    for (table, count) in overview.rowCounts {
      try out.line(table.padding(toLength: 20, withPad: " ", startingAt: 0) + String(count))
    }
    try out.line("failed fetches      \(overview.failedFetches)")
    if let (first, last) = overview.forecastsIssued {
      try out.line(
        "forecasts issued    \(WallClock.iso8601(epoch: first, offset: 0)) … \(WallClock.iso8601(epoch: last, offset: 0))"
      )
    }
    return ExitStatus.success
  }

  /// Checks the file as it is: read only, so an empty file is never given a schema and an old
  /// one is not migrated first.
  static func runCheck(_ invocation: Invocation) throws -> Int32 {
    let path = invocation.databasePath
    let store: Store
    do {
      store = try invocation.openStore(access: .inspect)
    } catch StoreError.damaged, StoreError.notADatabase {
      throw CLIError.failure(damaged(path))
    }
    guard store.foundVersion > 0 else {
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      throw CLIError.failure(
        "\(path) holds no Skycast data: it is an empty database (\(ByteCount.text(size))); if it held your history, restore it from a backup"
      )
    }
    let messages: [String]
    do {
      messages = try store.integrityCheck()
    } catch StoreError.damaged, StoreError.notADatabase {
      throw CLIError.failure(damaged(path))
    }
    if messages != ["ok"] {
      for message in messages { try invocation.stdout.line(TerminalSafe.escape(message)) }
      throw CLIError.failure(
        "integrity check found \(messages.count) problem\(messages.count == 1 ? "" : "s")")
    }
    // Pages and indexes are sound; now the rows every reader decodes.
    let problems = try store.contentProblems()
    if problems.isEmpty {
      try invocation.stdout.line("ok")
      return ExitStatus.success
    }
    for problem in problems { try invocation.stdout.line(problem) }
    throw CLIError.failure(
      "found \(problems.count) problem\(problems.count == 1 ? "" : "s") in the stored rows that Skycast cannot read or would never have stored; fix or delete those rows (`skycast sql`), or restore a backup"
    )
  }

  /// What is wrong with a file SQLite calls malformed, in words.
  static func damaged(_ path: String) -> String {
    guard let header = DatabaseHeader(path: path) else {
      return
        "\(path) is damaged: it does not start with a SQLite header (not a database, or its beginning was overwritten); restore it from a backup"
    }
    if header.isTruncated {
      return
        "\(path) is damaged: it was cut short (truncated): the file has \(header.fileSize) bytes but its header says \(header.expectedSize) (\(header.pageCount) pages of \(header.pageSize) bytes); restore it from a backup"
    }
    return
      "\(path) is damaged: SQLite reports the database disk image is malformed; restore it from a backup"
  }

  static func runVacuum(_ invocation: Invocation) throws -> Int32 {
    let store = try invocation.openStore()
    let before = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
    do {
      try store.vacuum()
    } catch StoreError.full {
      throw CLIError.failure(
        "cannot vacuum \(store.path): the disk is full (VACUUM needs free space for a complete copy of the database, about \(ByteCount.text(before)), in its folder and in the temporary folder); the database is unchanged"
      )
    }
    let after = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
    try invocation.stdout.line(
      "vacuumed \(store.path): \(ByteCount.text(before)) → \(ByteCount.text(after))")
    return ExitStatus.success
  }

  /// Copies into a temporary file next to FILE and renames it at the end, so a failed or
  /// killed backup leaves nothing under FILE and can simply be run again. A symbolic link at
  /// FILE whose target does not exist is replaced, not followed.
  static func runBackup(_ invocation: Invocation) throws -> Int32 {
    let target = invocation.context.resolve(path: invocation.arguments[0])
    guard !FileManager.default.fileExists(atPath: target) else {
      throw CLIError.failure("\(target) already exists; choose a new file name")
    }
    let store = try invocation.openStore(access: .inspect)
    let copy: AtomicFile
    do {
      copy = try AtomicFile(path: target, content: .database, protecting: [store.path])
    } catch {
      throw CLIError.failure("\(error)")
    }
    do {
      try store.backup(to: copy.temporaryPath)
      try copy.commit()
    } catch let error as StoreError {
      copy.discard()
      let reason = if case .full = error { "the disk is full" } else { error.reason }
      throw CLIError.failure(
        "backup to \(target) failed: \(reason); nothing was written under that name")
    }
    try invocation.stdout.line("backed up \(store.path) to \(target)")
    return ExitStatus.success
  }

  static func runPrune(_ invocation: Invocation) throws -> Int32 {
    guard let before = try invocation[Options.before] else {
      throw invocation.ruleNotChecked("no --before")
    }
    let cutoff = before.midnightAsUTC
    let store = try invocation.openStore()
    let deleted = try store.pruneForecasts(issuedBefore: cutoff)
    try invocation.stdout.line(
      "pruned \(deleted.fetches) fetches and \(deleted.rows) forecast rows issued before \(before) 00:00 UTC"
    )
    return ExitStatus.success
  }
}

extension DatabaseCommand {
  /// The options of `db` subcommands, each declared once with its type.
  enum Options {
    static let before = Option<LocalDate?>.date(
      "before", help: "Delete forecasts issued before this UTC date, YYYY-MM-DD.")
  }
}
