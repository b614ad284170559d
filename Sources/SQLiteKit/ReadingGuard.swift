import CSQLite
import Dispatch

/// What the reading authorizer remembers: the first thing it refused, for the error message.
final class ReadingGuard {
  var denial: String?
}
