import Foundation

extension HTTPClient {
  /// Sends `request` like `send`, but writes the 200 body to a temporary file as it arrives,
  /// so a large station file never sits in memory, and returns it once `validate` accepted
  /// it (`validate` throws `APIError.decoding` for a body to fetch again).
  ///
  /// A body past `limit` (on the wire or decompressed) is refused at once, without retries,
  /// with an error that names the URL (without the key) and the cap.
  ///
  /// - Parameters:
  ///   - limit: the most bytes the body may have; the file is never larger.
  ///   - validate: reads the file (`HTTPDownload.path`) and returns what it holds.
  public func download<T: Sendable>(
    _ request: APIRequest, limit: Int, policy: RetryPolicy? = nil,
    validate: @Sendable (HTTPDownload) throws -> T
  ) async throws -> (download: HTTPDownload, value: T) {
    let policy = policy ?? self.policy
    guard let bare = request.url(apiKey: nil),
      let url = request.url(apiKey: endpoints.key(for: bare))
    else {
      throw APIError.invalidURL(request.displayURL)
    }
    var attempt = 0
    while true {
      log("GET \(request.displayURL)" + (attempt > 0 ? " (attempt \(attempt + 1))" : ""))
      let outcome: Result<(HTTPDownload, T), APIError>
      do {
        let started = clock()
        let file = try BodyFile()
        let body = try await fetchOnce(url, limit: limit, file: file)
        guard body.status == 200 else {
          _ = try Self.interpret(body) { _ in () }
          throw APIError.http(status: body.status, reason: nil)
        }
        let download = HTTPDownload(file: file, requestedAt: started)
        do {
          outcome = .success((download, try validate(download)))
        } catch let error as APIError {
          throw error
        } catch {
          throw APIError.decoding("\(error)")
        }
      } catch let error as APIError {
        outcome = .failure(error.redacting(endpoints.apiKey))
      } catch {
        outcome = .failure(APIError.decoding("\(error)").redacting(endpoints.apiKey))
      }
      switch outcome {
      case .success(let value): return value
      case .failure(let error):
        if case .transport(let message) = error, message.hasPrefix(HTTPMessages.tooLargePrefix) {
          // A flood is not fetched again: the cap would end the next attempt the same way.
          var shown = request.displayURL
          if shown.hasSuffix("?") { shown.removeLast() }
          throw APIError.transport("\(shown): \(message); nothing was stored")
        }
        guard attempt < policy.retries,
          let delay = Self.retryDelay(after: error, attempt: attempt, policy: policy)
        else {
          throw error
        }
        log("retrying in \(Int(delay.rounded())) s after: \(error)")
        await sleep(delay)
        attempt += 1
      }
    }
  }
}
