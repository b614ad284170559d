import Foundation
import Glibc
import Synchronization

/// Set once when the caller no longer waits; the worker checks it between polls.
package final class CancelFlag: Sendable {
  private let flag = Mutex(false)
  package func set() { flag.withLock { $0 = true } }
  package var isSet: Bool { flag.withLock { $0 } }
}
