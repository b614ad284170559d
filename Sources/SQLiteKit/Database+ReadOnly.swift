import CSQLite
import Dispatch

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
