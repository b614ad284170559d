import CSQLite

extension Database {
  /// Copies this database consistently into the file at `path`, which must be new or empty
  /// (the online backup API: other connections may keep writing meanwhile).
  ///
  /// All pages are copied in one step, inside one read transaction. Copying in small steps
  /// lets other connections write in between, but every write by another connection restarts
  /// the copy from the first page, so under steady writes it never finished. In WAL mode the one
  /// long read blocks no writer; it only holds back checkpoints until the copy is done.
  ///
  /// The caller chooses `path`; to never leave a partial copy under the final name, copy to a
  /// temporary file and rename it (see `AtomicFile` in SkycastModel).
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/backup.html>
  /// - Parameter patience: how long to keep trying while another connection holds a lock.
  public func backup(to path: String, patience: Duration = .seconds(30)) throws {
    let destination = try Database(path: path, mode: .readWrite)
    guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
      throw failure(
        destination.makeError(sqlite3_errcode(destination.handle), sql: "backup to \(path)"))
    }
    var code: Int32
    // A lock held by a writer (rollback-journal mode, or a WAL recovery): try again for at most
    // `patience` in all. A step that meets a lock first waits out the connection's busy timeout, so
    // a count of tries would not bound the time: 500 tries of a 10 s timeout is over an hour,
    // holding the caller's thread while a collector keeps writing.
    let deadline = ContinuousClock.now + patience
    repeat {
      code = sqlite3_backup_step(backup, -1)
      if code == SQLITE_BUSY || code == SQLITE_LOCKED {
        guard ContinuousClock.now < deadline else { break }
        sqlite3_sleep(20)
      }
    } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
    let finish = sqlite3_backup_finish(backup)
    if code != SQLITE_DONE { throw failure(SQLiteError(code: code, sql: "backup to \(path)")) }
    do {
      try destination.check(finish, sql: "backup to \(path)")
    } catch let error as SQLiteError {
      throw failure(error)
    }
  }
}
