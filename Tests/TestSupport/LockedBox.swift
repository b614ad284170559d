import Synchronization

/// A value behind a mutex that `@Sendable` closures can share, e.g. a counter in a fault hook:
///
/// ```swift
/// let calls = LockedBox(0)
/// let faults: @Sendable (RecordedRequest) -> Reply? = { _ in
///   calls.withLock { $0 += 1; return $0 == 1 ? .rateLimited(.minutely) : nil }
/// }
/// ```
public final class LockedBox<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  /// A box holding `value`.
  public init(_ value: Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with exclusive access to the value.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try mutex.withLock { try body(&$0) }
  }

  /// A copy of the current value.
  public var value: Value { mutex.withLock { $0 } }
}
