import CSQLite

extension Database {
  /// Runs `body` with `tick` called about every `steps` virtual-machine steps of any statement
  /// of this connection, sorting included (a long ORDER BY returns its first row only when the
  /// sort is done, so a count of rows read would stay silent meanwhile). The handler is removed
  /// afterwards; it replaces the one ``interrupt(after:)`` sets, which no caller combines with it.
  ///
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/progress_handler.html>
  public func reportProgress<T>(
    every steps: Int32 = 100_000, _ tick: @escaping () -> Void, _ body: () throws -> T
  ) rethrows -> T {
    let ticker = ProgressTicker(tick)
    sqlite3_progress_handler(
      handle, steps,
      { context in
        guard let context else { return 0 }
        Unmanaged<ProgressTicker>.fromOpaque(context).takeUnretainedValue().tick()
        return 0
      }, Unmanaged.passUnretained(ticker).toOpaque())
    defer {
      sqlite3_progress_handler(handle, 0, nil, nil)
      withExtendedLifetime(ticker) {}
    }
    return try body()
  }
}
