import Foundation
import Synchronization

/// A continuation that is resumed exactly once, by whichever of the deadline, the completion or
/// a cancellation comes first; the others find it already resumed and do nothing.
///
/// Resuming always happens outside the lock and never inside a task-cancellation handler: the
/// Linux URLSession deadlock came from exactly that (cancelling under the task's status lock
/// while the session's queue, completing the same task, waited for it).
package final class OnceContinuation<Value: Sendable>: Sendable {
  private enum State {
    case empty
    case waiting(CheckedContinuation<Value, Never>)
    /// Resumed before the continuation was installed (a cancellation that came first).
    case early(Value)
    case finished
  }
  private let state = Mutex<State>(.empty)

  package init() {}

  /// Installs the continuation; if a value already arrived, resumes with it at once.
  package func install(_ continuation: CheckedContinuation<Value, Never>) {
    let early = state.withLock { state -> Value? in
      switch state {
      case .early(let value):
        state = .finished
        return value
      case .empty:
        state = .waiting(continuation)
        return nil
      case .waiting, .finished:
        return nil
      }
    }
    if let early { continuation.resume(returning: early) }
  }

  /// True once a value was given.
  package var isResumed: Bool {
    state.withLock { state in
      if case .empty = state { return false }
      if case .waiting = state { return false }
      return true
    }
  }

  /// Resumes with `value` when nothing resumed it yet; returns whether this call won.
  @discardableResult
  package func resume(_ value: Value) -> Bool {
    let (won, continuation) = state.withLock {
      state -> (Bool, CheckedContinuation<Value, Never>?) in
      switch state {
      case .empty:
        state = .early(value)
        return (true, nil)
      case .waiting(let continuation):
        state = .finished
        return (true, continuation)
      case .early, .finished:
        return (false, nil)
      }
    }
    continuation?.resume(returning: value)
    return won
  }
}
