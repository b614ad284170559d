import Foundation
import Synchronization

/// What one HTTP exchange returned: the status, the body and, for a redirect, where it points.
package struct HTTPReply: Sendable {
  package var status: Int
  package var bytes: [UInt8]
  /// The `Location` header of a 3xx reply; redirects are never followed by a transport, the
  /// client decides (so the API key cannot travel to another host unnoticed).
  package var location: String?
  /// The body's size on the wire: smaller than `bytes.count` when the server compressed it.
  package var wireBytes: Int

  package init(status: Int, bytes: [UInt8], location: String? = nil, wireBytes: Int? = nil) {
    self.status = status
    self.bytes = bytes
    self.location = location
    self.wireBytes = wireBytes ?? bytes.count
  }
}
