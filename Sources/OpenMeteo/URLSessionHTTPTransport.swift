import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `https://` through a delegate-based `URLSession` task, with one deadline that is ours alone.
///
/// On Linux, cancelling an async `data(for:)` from a task-cancellation handler can deadlock:
/// `URLSessionTask.cancel()` waits on the session's queue while holding the task's status lock,
/// and that queue, completing the same task, waits for the lock. Here the caller never waits on
/// URLSession at all: every URLSession call (creating, resuming, cancelling) runs on the
/// transfer's own dispatch queue, the session's timeouts are set far beyond ours so they never
/// race it, and the deadline, the completion or a cancellation resumes the caller, whichever
/// comes first, exactly once. Each request gets its own session, so a server that keeps a
/// cancelled transfer busy holds up nothing after it.
///
/// Replies are asked for uncompressed and a compressed one is refused at its headers: libcurl
/// would otherwise unpack a gzip bomb on the session's queue, ahead of any cancel.
///
/// Redirects are left to URLSession: its `willPerformHTTPRedirection` hook races the transfer's
/// own completion on Linux (a fatal "not waiting for it" error was seen in Foundation), and
/// URLSession follows the `Location` as the server gave it, never re-sending our query, so the
/// key can only reach another host if the first server wrote it into the `Location` itself.
package struct URLSessionHTTPTransport: HTTPTransport {
  package let userAgent: String

  package init(userAgent: String) {
    self.userAgent = userAgent
  }

  package func get(_ url: URL, timeout: Double, limit: Int, file: BodyFile?) async
    -> Result<HTTPReply, APIError>
  {
    await URLSessionTransfer(url: url, userAgent: userAgent, limit: limit, file: file)
      .run(timeout: timeout)
  }
}
