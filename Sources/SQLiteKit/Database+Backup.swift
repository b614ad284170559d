import CSQLite

extension Database {
  /// Copies this database, page by page and consistently, into a new file at `path`
  /// (the online backup API: other connections may keep writing meanwhile).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/backup.html>
  public func backup(to path: String) throws {
    let destination = try Database(path: path, mode: .readWrite)
    guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
      throw destination.makeError(sqlite3_errcode(destination.handle), sql: "backup to \(path)")
    }
    var code: Int32
    repeat {
      code = sqlite3_backup_step(backup, 256)
      if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(20) }
    } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
    let finish = sqlite3_backup_finish(backup)
    if code != SQLITE_DONE { throw SQLiteError(code: code, sql: "backup to \(path)") }
    try destination.check(finish, sql: "backup to \(path)")
  }
}
