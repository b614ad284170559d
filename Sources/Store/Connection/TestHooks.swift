#if canImport(Glibc)
  import Glibc
#endif

/// Deterministic failure points for the reliability tests, set only through `SKYCAST_TEST_*`
/// environment variables (the test suite spawns `skycast` with them); inert otherwise.
///
/// Compiled in only where `SKYCAST_TEST_HOOKS` is defined, which `Package.swift` does for debug
/// builds (what `swift test` builds and spawns): a release binary never reads the variables and
/// cannot stop itself.
///
/// Killing a writer "at several points" by timing is flaky, so a writer can stop itself with
/// SIGSTOP after a given number of data rows, inside its open transaction (or half-way through
/// an export file); the test then sends SIGKILL and checks the database or the files.
public struct TestHooks: Sendable, Equatable {
  /// `SKYCAST_TEST_STOP_AFTER_ROWS`: raise SIGSTOP after this many data rows were stored or
  /// exported.
  public var stopAfterRows: Int?
  /// `SKYCAST_TEST_MAX_PAGE_COUNT`: cap the database size (a full disk, `SQLITE_FULL`).
  public var maxPageCount: Int?

  public init(stopAfterRows: Int? = nil, maxPageCount: Int? = nil) {
    self.stopAfterRows = stopAfterRows
    self.maxPageCount = maxPageCount
  }

  public init(environment: [String: String]) {
    #if SKYCAST_TEST_HOOKS
      stopAfterRows = environment["SKYCAST_TEST_STOP_AFTER_ROWS"].flatMap(Int.init)
      maxPageCount = environment["SKYCAST_TEST_MAX_PAGE_COUNT"].flatMap(Int.init)
    #endif
  }

  public var isEmpty: Bool { stopAfterRows == nil && maxPageCount == nil }
}

extension Store {
  /// Applies `hooks` to this connection.
  public func apply(_ hooks: TestHooks) throws {
    self.hooks = hooks
    if let pages = hooks.maxPageCount { try database.setMaxPageCount(pages) }
  }

  /// Counts data rows written and stops the process where the hooks ask for it.
  @inline(__always)
  package func didWriteRows(_ count: Int) {
    #if SKYCAST_TEST_HOOKS
      guard let limit = hooks.stopAfterRows else { return }
      let before = rowsWritten
      rowsWritten += count
      if before < limit, rowsWritten >= limit { raise(SIGSTOP) }
    #endif
  }
}
