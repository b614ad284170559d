import CSQLite
import Dispatch

/// When the progress handler interrupts the running statement.
final class QueryDeadline {
  let seconds: Double
  let deadline: UInt64
  var fired = false

  init(seconds: Double) {
    self.seconds = seconds
    let nanoseconds = UInt64(max(0, min(seconds, 1e9)) * 1e9)
    self.deadline = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
  }
}
