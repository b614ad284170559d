import Foundation
import Glibc
import Synchronization

/// Plain `http://` over POSIX sockets: HTTP/1.1, one request per connection, no compression.
///
/// Linux URLSession polls a socket it still watches for writability while it waits for an
/// answer, so every second spent waiting on a silent server burns most of a core (measured:
/// 4 s of system time per 5 s waited). Here the worker thread sleeps in `poll(2)` with the
/// time left to the deadline, and the caller's deadline fires independently of the worker, so
/// neither a slow DNS lookup nor a drip-feeding server can hold a run past its budget.
/// `https://` still goes through URLSession (TLS needs its libcurl).
package struct SocketHTTPTransport: HTTPTransport {
  package let userAgent: String

  package init(userAgent: String) {
    self.userAgent = userAgent
  }

  package func get(_ url: URL, timeout: Double, limit: Int, file: BodyFile?) async
    -> Result<HTTPReply, APIError>
  {
    let once = OnceContinuation<Result<HTTPReply, APIError>>()
    let cancelled = CancelFlag()
    let host = url.host ?? "server"
    let userAgent = self.userAgent
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        once.install(continuation)
        let thread = Thread {
          let result = SocketExchange(
            url: url, userAgent: userAgent, deadline: .now() + timeout, timeout: timeout,
            limit: limit, cancelled: cancelled, file: file
          ).run()
          once.resume(result)
        }
        thread.name = "skycast.http"
        thread.start()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout + 0.05) {
          cancelled.set()
          once.resume(.failure(.transport(HTTPMessages.timedOut(timeout, host: host))))
        }
      }
    } onCancel: {
      cancelled.set()
      DispatchQueue.global().async { once.resume(.failure(.transport("request cancelled"))) }
    }
  }
}
