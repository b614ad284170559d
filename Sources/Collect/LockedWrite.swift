import OpenMeteo
import Store

/// Storing what was already fetched while another process (an import, a `db vacuum`) holds the
/// write lock past the busy timeout: the data is paid for, so waiting beats refetching.
package enum LockedWrite {
  /// Further tries after the first; each waits out the store's busy timeout (10 s) first.
  package static let retries = 5

  /// Runs `body`, and again after a pause of a second while it fails with `StoreError.busy`, at
  /// most `retries` more times; then rethrows the busy error.
  package static func retrying<T>(
    retries: Int = LockedWrite.retries, sleep: (Double) async -> Void,
    onRetry: (Int) -> Void = { _ in }, _ body: () throws -> T
  ) async throws -> T {
    var attempt = 0
    while true {
      do {
        return try body()
      } catch StoreError.busy where attempt < retries {
        attempt += 1
        onRetry(attempt)
        await sleep(1)
      }
    }
  }

  /// The failure recorded for a city whose fetched data could not be stored.
  package static func failure(tries: Int) -> APIError {
    .transport(
      "fetched, but not stored: the database stayed locked by another process (\(tries) tries)")
  }
}
