import Foundation
import Glibc
import Synchronization

/// The texts of transport failures, shared by both transports so a failure reads the same
/// whichever carried the request.
package enum HTTPMessages {
  package static func timedOut(_ timeout: Double, host: String) -> String {
    "timed out after \(HTTPClient.seconds(timeout)) (\(host) did not answer in time)"
  }
  /// How every "body past the cap" text starts (`tooLarge`, and a gzip reply's).
  package static let tooLargePrefix = "reply too large"
  package static func tooLarge(_ limit: Int, received: Int? = nil) -> String {
    let size = received.map { "\($0) bytes" } ?? "more than \(ResponseLimits.text(limit))"
    return "reply too large (\(size); the limit is \(ResponseLimits.text(limit)))"
  }
  package static func truncated(host: String, received: Int, expected: Int) -> String {
    "connection to \(host) closed after \(received) of \(expected) bytes (truncated response)"
  }
  package static func malformed(host: String) -> String { "empty or malformed reply from \(host)" }
  /// A reply in a coding that was not asked for (the socket transport asks for gzip, which it
  /// decodes under the limit; URLSession for identity, since it would unpack on its own queue
  /// ahead of any cancel).
  package static func compressed(_ encoding: String, host: String) -> String {
    "reply compressed with \(encoding), which was not asked for (\(host))"
  }
}
