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
    let displayURL = request.displayURL
    return try await retrying(
      request, policy: policy ?? self.policy,
      final: { error in
        // A flood is not fetched again: the cap would end the next attempt the same way.
        guard case .transport(let message) = error,
          message.hasPrefix(HTTPMessages.tooLargePrefix)
        else { return nil }
        var shown = displayURL
        if shown.hasSuffix("?") { shown.removeLast() }
        return APIError.transport("\(shown): \(message); nothing was stored")
      },
      once: { url in
        let started = clock()
        let file = try BodyFile()
        let body = try await fetchOnce(url, limit: limit, file: file)
        guard body.status == 200 else {
          _ = try Self.interpret(body) { _ in () }
          throw APIError.http(status: body.status, reason: nil)
        }
        let download = HTTPDownload(file: file, requestedAt: started)
        return (download, try validate(download))
      })
  }
}
