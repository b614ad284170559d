import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Retry and timeout settings for API requests.
public struct RetryPolicy: Sendable {
  /// The pause per call of weight between consecutive requests: Open-Meteo's free tier allows
  /// 600 calls a minute, so a request weighing 5 calls is followed by half a second.
  public static let secondsPerCall = 0.1

  /// Total time allowed for one attempt, enforced by us (Linux URLSession does not enforce
  /// `timeoutIntervalForResource`).
  public var timeout: Double = 10
  /// Further attempts after the first, for timeouts, transport errors, 429, 5xx and bodies that
  /// do not decode. Never for 400.
  public var retries: Int = 3
  /// First backoff in seconds; doubles each attempt, with ±50 % jitter.
  public var baseDelay: Double = 1
  /// How long to wait for a "Minutely" 429 before the next attempt.
  public var minutelyWait: Double = 60

  public init(
    timeout: Double = 10, retries: Int = 3, baseDelay: Double = 1, minutelyWait: Double = 60
  ) {
    self.timeout = timeout
    self.retries = retries
    self.baseDelay = baseDelay
    self.minutelyWait = minutelyWait
  }
}

/// A body received with HTTP 200.
public struct HTTPBody: Sendable {
  public let status: Int
  public let bytes: [UInt8]
  /// When the attempt that got this body started (epoch seconds): after retries and rate-limit
  /// waits this, not the first attempt, is the request time an `issued_at` is floored from.
  public var requestedAt: Int64 = 0
}

/// The one HTTP client: a long-lived ephemeral `URLSession` without a URL cache, a total deadline
/// per attempt, bounded retries with exponential backoff and jitter, and Open-Meteo's error
/// bodies turned into `APIError`s.
public final class HTTPClient: Sendable {
  let session: URLSession
  public let endpoints: Endpoints
  public let policy: RetryPolicy
  let sleep: @Sendable (Double) async -> Void
  let log: @Sendable (String) -> Void
  let clock: @Sendable () -> Int64

  /// - Parameters:
  ///   - sleep: waits between attempts (tests pass a recorder that returns at once).
  ///   - log: receives one line per attempt for `-v` (URLs without the key).
  ///   - clock: epoch seconds, to stamp each attempt's start.
  public init(
    endpoints: Endpoints, policy: RetryPolicy = RetryPolicy(),
    sleep: @escaping @Sendable (Double) async -> Void,
    log: @escaping @Sendable (String) -> Void = { _ in },
    clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.timeoutIntervalForRequest = policy.timeout
    configuration.timeoutIntervalForResource = policy.timeout
    configuration.httpMaximumConnectionsPerHost = 1
    configuration.httpAdditionalHeaders = ["User-Agent": "skycast/0.1 (+https://open-meteo.com)"]
    self.session = URLSession(configuration: configuration)
    self.endpoints = endpoints
    self.policy = policy
    self.sleep = sleep
    self.log = log
    self.clock = clock
  }

  /// The polite pause after a request of `weight` calls, before the next one.
  public func pause(afterWeight weight: Double) async {
    await sleep(weight * RetryPolicy.secondsPerCall)
  }

  deinit { session.finishTasksAndInvalidate() }

  /// Sends `request`, retrying as the policy allows, and returns the 200 body whose JSON the
  /// caller's `validate` accepted. `validate` throws `APIError.decoding` for a body to retry.
  public func send<T: Sendable>(
    _ request: APIRequest, policy: RetryPolicy? = nil, validate: @Sendable ([UInt8]) throws -> T
  ) async throws -> (body: HTTPBody, value: T) {
    let policy = policy ?? self.policy
    guard let url = request.url(apiKey: endpoints.apiKey) else {
      throw APIError.invalidURL(request.displayURL)
    }
    var attempt = 0
    while true {
      log("GET \(request.displayURL)" + (attempt > 0 ? " (attempt \(attempt + 1))" : ""))
      let outcome: Result<(HTTPBody, T), APIError>
      do {
        let started = clock()
        var body = try await fetchOnce(url)
        body.requestedAt = started
        outcome = .success((body, try Self.interpret(body, validate: validate)))
      } catch let error as APIError {
        outcome = .failure(error)
      } catch {
        outcome = .failure(.decoding("\(error)"))
      }
      switch outcome {
      case .success(let value): return (value.0, value.1)
      case .failure(let error):
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

  /// How long to wait before retrying `error`, or nil when it must not be retried.
  static func retryDelay(after error: APIError, attempt: Int, policy: RetryPolicy) -> Double? {
    let backoff = policy.baseDelay * pow(2, Double(attempt)) * Double.random(in: 0.5...1.5)
    switch error {
    case .transport, .decoding: return backoff
    case .http(let status, _): return status >= 500 ? backoff : nil
    case .rateLimited(let window, _):
      switch window {
      case .minutely: return policy.minutelyWait
      case .concurrent, .unknown: return backoff
      case .hourly, .daily: return nil
      }
    case .rejected, .invalidURL: return nil
    }
  }

  /// Turns a received body into a value or an `APIError`.
  static func interpret<T>(_ body: HTTPBody, validate: ([UInt8]) throws -> T) throws -> T {
    if body.status == 200 {
      do {
        return try validate(body.bytes)
      } catch let error as APIError {
        throw error
      } catch {
        throw APIError.decoding("\(error)")
      }
    }
    let reason = errorReason(in: body.bytes)
    if body.status == 429 {
      let text = reason ?? "rate limit exceeded"
      throw APIError.rateLimited(window: .init(reason: text), reason: text)
    }
    throw APIError.http(status: body.status, reason: reason)
  }

  /// Open-Meteo's `{"error":true,"reason":"…"}`, or a short summary of an HTML error page.
  static func errorReason(in bytes: [UInt8]) -> String? {
    if let json = try? JSONParser.parse(bytes), let reason = json["reason"]?.stringValue {
      return reason
    }
    let text = String(decoding: bytes.prefix(512), as: UTF8.self)
    if let start = text.range(of: "<title>"), let end = text.range(of: "</title>"),
      start.upperBound <= end.lowerBound
    {
      return String(text[start.upperBound..<end.lowerBound]).trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
    return nil
  }

  /// One attempt with a hard total deadline.
  func fetchOnce(_ url: URL) async throws -> HTTPBody {
    let session = self.session
    let timeout = policy.timeout
    return try await withThrowingTaskGroup(of: HTTPBody.self) { group in
      group.addTask {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        do {
          let (data, response) = try await session.data(for: request)
          let status = (response as? HTTPURLResponse)?.statusCode ?? 0
          if let expected = (response as? HTTPURLResponse)?.expectedContentLength,
            expected > 0, Int64(data.count) < expected
          {
            throw APIError.transport(
              "connection closed after \(data.count) of \(expected) bytes (truncated body)")
          }
          return HTTPBody(status: status, bytes: Array(data))
        } catch let error as URLError {
          throw APIError.transport(Self.describe(error, url: url, timeout: timeout))
        }
      }
      group.addTask {
        try await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
        throw APIError.transport(
          "timed out after \(Self.seconds(timeout)) (\(url.host ?? "server") did not answer in time)"
        )
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else {
        throw APIError.transport("no response")
      }
      return first
    }
  }

  static func describe(_ error: URLError, url: URL, timeout: Double) -> String {
    let host = url.host ?? "server"
    let port = url.port.map { ":\($0)" } ?? ""
    switch error.code {
    case .timedOut: return "timed out after \(seconds(timeout)) (\(host) did not answer in time)"
    case .cannotConnectToHost: return "cannot connect to \(host)\(port) (connection refused)"
    case .cannotFindHost, .dnsLookupFailed: return "cannot resolve host \(host)"
    case .notConnectedToInternet: return "no network connection"
    case .networkConnectionLost: return "connection to \(host) lost"
    case .badServerResponse, .zeroByteResource: return "empty or malformed reply from \(host)"
    case .cancelled: return "request cancelled"
    default:
      let text = error.localizedDescription
      if text.lowercased().contains("transfer closed") || text.lowercased().contains("recv failure")
      {
        return "connection to \(host) closed mid-body (truncated response)"
      }
      return "network error talking to \(host): \(text) (code \(error.code.rawValue))"
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
