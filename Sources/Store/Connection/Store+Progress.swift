extension Store {
  /// Runs `body` with `tick` called every so often while SQLite works for it (reading, joining
  /// and sorting alike), so a command can show progress on a terminal during a long analysis.
  public func reportingProgress<T>(_ tick: @escaping () -> Void, _ body: () throws -> T) rethrows
    -> T
  {
    try database.reportProgress(tick, body)
  }
}
