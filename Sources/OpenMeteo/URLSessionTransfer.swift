import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request's session, task and received bytes.
package final class URLSessionTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked: `session` is touched only on `queue`; everything else the delegate callbacks
  // and the deadline share is behind `state`'s Mutex.

  package struct State {
    package var status = 0
    package var expected: Int64 = -1
    package var location: String?
    package var bytes: [UInt8] = []
    /// Body bytes received (in `bytes` or written to `file`).
    package var received = 0
  }

  package let url: URL
  package let userAgent: String
  package let limit: Int
  package let host: String
  /// Where the body goes instead of memory (`HTTPClient.download`).
  package let file: BodyFile?
  package let once = OnceContinuation<Result<HTTPReply, APIError>>()
  private let state = Mutex(State())
  /// Where this transfer's URLSession calls run, one at a time, off the caller's thread.
  private let queue = DispatchQueue(label: "skycast.http.transfer")
  private var session: URLSession?

  package init(url: URL, userAgent: String, limit: Int, file: BodyFile? = nil) {
    self.file = file
    self.url = url
    self.userAgent = userAgent
    self.limit = limit
    self.host = url.host ?? "server"
  }

  package func run(timeout: Double) async -> Result<HTTPReply, APIError> {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        once.install(continuation)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
          finish(.failure(.transport(HTTPMessages.timedOut(timeout, host: host))))
        }
        queue.async { [self] in start() }
      }
    } onCancel: { [self] in
      DispatchQueue.global().async { self.finish(.failure(.transport("request cancelled"))) }
    }
  }

  private func start() {
    guard !once.isResumed else { return }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    // Far beyond any deadline of ours (at most 600 s), so the session never times the task out
    // at the moment we cancel it.
    configuration.timeoutIntervalForRequest = 3600
    configuration.timeoutIntervalForResource = 3600
    configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
    let delegateQueue = OperationQueue()
    delegateQueue.maxConcurrentOperationCount = 1
    let session = URLSession(
      configuration: configuration, delegate: self, delegateQueue: delegateQueue)
    self.session = session
    var request = URLRequest(url: url)
    request.timeoutInterval = 3600
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    session.dataTask(with: request).resume()
  }

  /// Resumes the caller once; then ends the session on this transfer's queue (which breaks the
  /// session's strong reference to its delegate and cancels the task if it still runs).
  private func finish(_ result: Result<HTTPReply, APIError>) {
    guard once.resume(result) else { return }
    queue.async { [self] in
      session?.invalidateAndCancel()
      session = nil
    }
  }

  // MARK: - URLSessionDataDelegate

  package func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    if let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased(),
      encoding != "identity"
    {
      finish(.failure(.transport(HTTPMessages.compressed(encoding, host: host))))
      completionHandler(.cancel)
      return
    }
    let expected = response.expectedContentLength
    if expected > Int64(limit) {
      finish(.failure(.transport(HTTPMessages.tooLarge(limit, received: Int(expected)))))
      completionHandler(.cancel)
      return
    }
    state.withLock { state in
      state.status = http?.statusCode ?? 0
      state.expected = expected
      state.location = http?.value(forHTTPHeaderField: "Location")
      if expected > 0, file == nil { state.bytes.reserveCapacity(Int(expected)) }
    }
    completionHandler(.allow)
  }

  package func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data
  ) {
    guard !once.isResumed else { return }
    let file = self.file
    let outcome = state.withLock { state -> Result<Bool, APIError> in
      guard state.received + data.count <= limit else { return .success(false) }
      state.received += data.count
      guard let file else {
        state.bytes.append(contentsOf: data)
        return .success(true)
      }
      do {
        try data.withUnsafeBytes { try file.append($0) }
        return .success(true)
      } catch let error as APIError {
        return .failure(error)
      } catch {
        return .failure(.transport("\(error)"))
      }
    }
    switch outcome {
    case .success(true): break
    case .success(false): finish(.failure(.transport(HTTPMessages.tooLarge(limit))))
    case .failure(let error): finish(.failure(error))
    }
  }

  package func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?
  ) {
    let received = state.withLock { $0 }
    if let error = error as? URLError {
      finish(.failure(.transport(HTTPClient.describe(error, url: url, host: host))))
    } else if let error {
      finish(.failure(.transport("network error talking to \(host): \(error)")))
    } else if received.expected > 0, Int64(received.received) < received.expected {
      finish(
        .failure(
          .transport(
            HTTPMessages.truncated(
              host: host, received: received.received, expected: Int(received.expected)))))
    } else {
      finish(
        .success(
          HTTPReply(status: received.status, bytes: received.bytes, location: received.location)))
    }
  }
}
