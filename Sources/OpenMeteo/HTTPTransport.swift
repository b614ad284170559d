import Foundation
import Synchronization

/// What one HTTP exchange returned: the status, the body and, for a redirect, where it points.
package struct HTTPReply: Sendable {
  package var status: Int
  package var bytes: [UInt8]
  /// The `Location` header of a 3xx reply; redirects are never followed by a transport, the
  /// client decides (so the API key cannot travel to another host unnoticed).
  package var location: String?

  package init(status: Int, bytes: [UInt8], location: String? = nil) {
    self.status = status
    self.bytes = bytes
    self.location = location
  }
}

/// One GET with a hard deadline and a body cap. A transport never throws and never outlives
/// its deadline: it returns a reply or an `APIError`, whatever the server does.
package protocol HTTPTransport: Sendable {
  /// Fetches `url`, giving up after `timeout` seconds in total, and failing once the body
  /// (after any decompression) would exceed `limit` bytes.
  func get(_ url: URL, timeout: Double, limit: Int) async -> Result<HTTPReply, APIError>
}

/// The most a reply body may hold, compressed or not.
///
/// The largest real answer Skycast asks for is a 16-day forecast of every stored variable
/// (17 hourly × 384 hours and 16 daily × 16 days) for a batch of 10 cities: about 0.7 MB per
/// model (`ResponseLimitsTests` measures it on the fake server), so 5 models are ~3.5 MB.
/// 32 MiB is about nine times that, and small enough that a hostile reply cannot push the
/// process much past 100 MB before it is cut off.
package enum ResponseLimits {
  /// 32 MiB.
  package static let maximumBodyBytes = 32 << 20
  /// Geocoding candidates considered from one answer (the API returns at most 100).
  package static let maximumGeocodingResults = 100
  /// Header section of a reply, for the socket transport.
  package static let maximumHeaderBytes = 64 << 10

  /// "32 MiB", for messages.
  package static func text(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}

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
