import CSQLite
import Dispatch

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
