import CSQLite
import Dispatch

/// What the reading authorizer remembers: the first thing it refused, for the error message.
final class ReadingGuard {
  var denial: String?
}

/// When the progress handler interrupts the running statement.
final class QueryDeadline {
  let seconds: Double
  let deadline: UInt64
  var fired = false

  init(seconds: Double) {
    self.seconds = seconds
    let nanoseconds = UInt64(max(0, min(seconds, 1e9)) * 1e9)
    self.deadline = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
  }
}

extension Database {
  /// Lets this connection only read, whatever SQL it is given: an authorizer allows `SELECT`,
  /// reading tables and views, recursive CTEs, functions (except `load_extension` and
  /// `fts3_tokenizer`, whose one-argument form returns a library address) and the pragmas that
  /// only report (`table_info(x)`, `index_list(x)`, `user_version` without a value, …), and
  /// denies everything else: `ATTACH`/`DETACH`, `INSERT`/`UPDATE`/`DELETE`, `CREATE`/`DROP`/
  /// `ALTER`, transactions, `ANALYZE`, setting pragmas. `ATTACH` is also limited to zero
  /// databases. A refused statement fails to prepare with `SQLITE_AUTH`; `lastDenial` says
  /// what was refused.
  ///
  /// Install it after the connection is set up (the checks apply to every later statement).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/set_authorizer.html>
  public func allowOnlyReading() {
    let guardBox = ReadingGuard()
    readingGuard = guardBox
    sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
    sqlite3_set_authorizer(
      handle,
      { context, action, first, second, _, _ in
        guard let context else { return SQLITE_DENY }
        let box = Unmanaged<ReadingGuard>.fromOpaque(context).takeUnretainedValue()
        if let denial = ReadingPolicy.denial(
          action: action, first: first.map { String(cString: $0) },
          second: second.map { String(cString: $0) })
        {
          if box.denial == nil { box.denial = denial }
          return SQLITE_DENY
        }
        return SQLITE_OK
      }, Unmanaged.passUnretained(guardBox).toOpaque())
  }

  /// What the reading authorizer refused first, e.g. `ATTACH`, or nil.
  public var lastDenial: String? { readingGuard?.denial }

  /// Interrupts any statement of this connection still running `seconds` from now: a progress
  /// handler checks the clock every 1,000 virtual-machine steps, and the interrupted step
  /// throws `SQLITE_INTERRUPT`. `wasInterrupted` then tells it apart from other errors.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/progress_handler.html>
  public func interrupt(after seconds: Double) {
    let box = QueryDeadline(seconds: seconds)
    deadline = box
    sqlite3_progress_handler(
      handle, 1000,
      { context in
        guard let context else { return 0 }
        let box = Unmanaged<QueryDeadline>.fromOpaque(context).takeUnretainedValue()
        guard DispatchTime.now().uptimeNanoseconds >= box.deadline else { return 0 }
        box.fired = true
        return 1
      }, Unmanaged.passUnretained(box).toOpaque())
  }

  /// True when the deadline of `interrupt(after:)` stopped a statement.
  public var wasInterrupted: Bool { deadline?.fired ?? false }
}

/// The rules of `Database.allowOnlyReading()`.
enum ReadingPolicy {
  /// Functions that are refused although they only compute: `load_extension` loads code, and
  /// `fts3_tokenizer('simple')` returns a pointer (defeating address randomisation).
  static let refusedFunctions: Set<String> = ["load_extension", "fts3_tokenizer"]

  /// Pragmas whose argument names an object to report on; they never change anything.
  static let reportingPragmas: Set<String> = [
    "table_info", "table_xinfo", "table_list", "index_info", "index_xinfo", "index_list",
    "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
  ]

  /// Pragmas that report a setting when given no value (with a value they would change it).
  static let settingPragmas: Set<String> = [
    "user_version", "schema_version", "application_id", "data_version", "page_size",
    "page_count", "freelist_count", "max_page_count", "encoding", "journal_mode", "auto_vacuum",
    "foreign_keys", "synchronous", "cache_size", "temp_store", "busy_timeout", "database_list",
    "collation_list", "compile_options", "function_list", "module_list", "pragma_list",
  ]

  /// Why an action is refused, or nil when it is allowed.
  ///
  /// - Parameters:
  ///   - action: the `SQLITE_*` authorizer action code.
  ///   - first: the action's first argument (table, pragma or index name).
  ///   - second: its second argument (column, pragma value or function name).
  static func denial(action: Int32, first: String?, second: String?) -> String? {
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
      return nil
    case SQLITE_FUNCTION:
      let name = (second ?? "").lowercased()
      return refusedFunctions.contains(name) ? "the function \(name)()" : nil
    case SQLITE_PRAGMA:
      let name = (first ?? "").lowercased()
      if reportingPragmas.contains(name) { return nil }
      if settingPragmas.contains(name), second == nil { return nil }
      if let value = second { return "PRAGMA \(name) = \(value)" }
      return "PRAGMA \(name)"
    case SQLITE_ATTACH: return "ATTACH"
    case SQLITE_DETACH: return "DETACH"
    case SQLITE_INSERT where isSchemaTable(first), SQLITE_UPDATE where isSchemaTable(first),
      SQLITE_DELETE where isSchemaTable(first):
      // Declaring the table of a pragma table-valued function (`pragma_table_info('x')`) is
      // reported as an update of sqlite_master; no real schema write can pass on this
      // connection (read-only, defensive, and `sqlite3_stmt_readonly` is checked). CREATE and
      // DROP report an insert or delete there before their own action.
      return action == SQLITE_UPDATE ? nil : schemaChange
    case SQLITE_INSERT: return "INSERT"
    case SQLITE_UPDATE: return "UPDATE"
    case SQLITE_DELETE: return "DELETE"
    case SQLITE_TRANSACTION, SQLITE_SAVEPOINT: return "transactions"
    case SQLITE_ANALYZE: return "ANALYZE"
    case SQLITE_REINDEX: return "REINDEX"
    default: return schemaChange
    }
  }

  static let schemaChange = "changing the schema (CREATE, DROP, ALTER)"

  static func isSchemaTable(_ name: String?) -> Bool {
    name == "sqlite_master" || name == "sqlite_temp_master"
  }
}
