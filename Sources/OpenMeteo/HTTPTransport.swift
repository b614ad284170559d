import Foundation
import Synchronization

/// One GET with a hard deadline and a body cap. A transport never throws and never outlives
/// its deadline: it returns a reply or an `APIError`, whatever the server does.
package protocol HTTPTransport: Sendable {
  /// Fetches `url`, giving up after `timeout` seconds in total, and failing once the body
  /// (after any decompression) would exceed `limit` bytes.
  ///
  /// With a `file`, the body is written there as it arrives and the reply's `bytes` are empty.
  func get(_ url: URL, timeout: Double, limit: Int, file: BodyFile?) async
    -> Result<HTTPReply, APIError>
}

extension HTTPTransport {
  /// Fetches `url` with the body kept in memory.
  func get(_ url: URL, timeout: Double, limit: Int) async -> Result<HTTPReply, APIError> {
    await get(url, timeout: timeout, limit: limit, file: nil)
  }
}
