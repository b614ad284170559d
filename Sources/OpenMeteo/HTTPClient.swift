import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension RetryPolicy {
  /// The longest backoff before retry `attempt` (0-based): the base doubled per attempt, with
  /// the +50 % jitter at its maximum.
  public func maximumBackoff(beforeRetry attempt: Int) -> Double {
    baseDelay * pow(2, Double(attempt)) * 1.5
  }

  /// The most one request can take, when no 429 "Minutely" reply asks for a longer wait:
  /// every attempt at its full timeout plus every backoff at its longest.
  public var budget: Double {
    Double(retries + 1) * timeout + (0..<retries).reduce(0) { $0 + maximumBackoff(beforeRetry: $1) }
  }

  /// "at most 4 × 10 s + 10.5 s backoff = 50.5 s per request" for `--help`.
  public var budgetText: String {
    let backoff = budget - Double(retries + 1) * timeout
    return "at most \(retries + 1) × \(HTTPClient.seconds(timeout)) + "
      + "\(HTTPClient.seconds(backoff)) backoff = \(HTTPClient.seconds(budget)) per request"
  }
}

/// The one HTTP client: a hard total deadline per attempt, a cap on the body, bounded retries
/// with exponential backoff and jitter, the API key only on requests to Open-Meteo's own hosts
/// (`Endpoints.key(for:)`), redirects that never carry it to another host,
/// the key redacted from every text a server sends back, and Open-Meteo's error bodies turned
/// into `APIError`s.
///
/// `http://` goes over POSIX sockets (`SocketHTTPTransport`), `https://` through a
/// delegate-based URLSession (`URLSessionHTTPTransport`); tests can force either.
public final class HTTPClient: Sendable {
  public let endpoints: Endpoints
  public let policy: RetryPolicy
  package let sleep: @Sendable (Double) async -> Void
  package let log: @Sendable (String) -> Void
  package let clock: @Sendable () -> Int64
  /// Monotonic nanoseconds, for the deadline of one attempt across its redirects.
  package let uptime: @Sendable () -> UInt64
  package let plain: any HTTPTransport
  package let secure: any HTTPTransport
  /// Replies larger than this fail (see `ResponseLimits`).
  package let bodyLimit: Int

  /// The `User-Agent` of every request.
  public static let userAgent = "skycast/0.1 (+https://open-meteo.com)"
  /// Redirects followed for one attempt.
  package static let maximumRedirects = 5

  /// - Parameters:
  ///   - sleep: waits between attempts (tests pass a recorder that returns at once).
  ///   - log: receives one line per attempt for `-v` (URLs without the key).
  ///   - clock: epoch seconds, to stamp each attempt's start.
  ///   - plainTransport: what carries `http://` requests; nil for the socket transport (tests
  ///     pass the URLSession one to exercise it on loopback).
  ///   - bodyLimit: the body cap, `ResponseLimits.maximumBodyBytes` unless a test lowers it.
  ///   - uptime: monotonic nanoseconds for an attempt's deadline across redirects. The caller's
  ///     task may wait for a thread between two hops; in a process that runs other work on
  ///     the same cooperative threads (a test run) that wait is no part of the server's time,
  ///     so tests of the redirect logic pass a clock that does not run.
  public convenience init(
    endpoints: Endpoints, policy: RetryPolicy = RetryPolicy(),
    sleep: @escaping @Sendable (Double) async -> Void,
    log: @escaping @Sendable (String) -> Void = { _ in },
    clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
  ) {
    self.init(
      endpoints: endpoints, policy: policy, sleep: sleep, log: log, clock: clock,
      plainTransport: nil, bodyLimit: ResponseLimits.maximumBodyBytes)
  }

  package init(
    endpoints: Endpoints, policy: RetryPolicy, sleep: @escaping @Sendable (Double) async -> Void,
    log: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Int64,
    plainTransport: (any HTTPTransport)?, bodyLimit: Int,
    uptime: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    self.endpoints = endpoints
    self.policy = policy
    self.sleep = sleep
    // Every line for `-v` passes the key's redaction, whatever put the key there (a redirect
    // that nests the request URL in its own query, a server's reason, a retry message).
    if let key = endpoints.apiKey, !key.isEmpty {
      self.log = { line in log(APIError.redact(key, in: line)) }
    } else {
      self.log = log
    }
    self.clock = clock
    self.uptime = uptime
    self.secure = URLSessionHTTPTransport(userAgent: Self.userAgent)
    self.plain = plainTransport ?? SocketHTTPTransport(userAgent: Self.userAgent)
    self.bodyLimit = bodyLimit
  }

  /// The polite pause after a request of `weight` calls, before the next one.
  public func pause(afterWeight weight: Double) async {
    await sleep(weight * RetryPolicy.secondsPerCall)
  }

  /// Sends `request`, retrying as the policy allows, and returns the 200 body whose JSON the
  /// caller's `validate` accepted. `validate` throws `APIError.decoding` for a body to retry.
  public func send<T: Sendable>(
    _ request: APIRequest, policy: RetryPolicy? = nil, validate: @Sendable ([UInt8]) throws -> T
  ) async throws -> (body: HTTPBody, value: T) {
    try await retrying(request, policy: policy ?? self.policy) { url in
      let started = clock()
      var body = try await fetchOnce(url)
      body.requestedAt = started
      return (body, try Self.interpret(body, validate: validate))
    }
  }

  /// The retry loop of `send` and `download`: builds the URL (the key only where the request's
  /// own host is Open-Meteo, `Endpoints.key(for:)`), logs each attempt, and runs `once` until
  /// it returns or fails with an error the policy does not retry. Every error is redacted of
  /// the key; `final` may turn one into an error that ends the loop at once.
  func retrying<T>(
    _ request: APIRequest, policy: RetryPolicy, final: (APIError) -> APIError? = { _ in nil },
    once: (URL) async throws -> T
  ) async throws -> T {
    guard let bare = request.url(apiKey: nil),
      let url = request.url(apiKey: endpoints.key(for: bare))
    else {
      throw APIError.invalidURL(request.displayURL)
    }
    var attempt = 0
    while true {
      log("GET \(request.displayURL)" + (attempt > 0 ? " (attempt \(attempt + 1))" : ""))
      let failed: APIError
      do {
        return try await once(url)
      } catch let error as APIError {
        failed = error.redacting(endpoints.apiKey)
      } catch {
        failed = APIError.decoding("\(error)").redacting(endpoints.apiKey)
      }
      if let stop = final(failed) { throw stop }
      guard attempt < policy.retries,
        let delay = Self.retryDelay(after: failed, attempt: attempt, policy: policy)
      else {
        throw failed
      }
      log("retrying in \(Int(delay.rounded())) s after: \(failed)")
      await sleep(delay)
      attempt += 1
    }
  }

  /// How long to wait before retrying `error`, or nil when it must not be retried.
  package static func retryDelay(after error: APIError, attempt: Int, policy: RetryPolicy)
    -> Double?
  {
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
  package static func interpret<T>(_ body: HTTPBody, validate: ([UInt8]) throws -> T) throws -> T {
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
  package static func errorReason(in bytes: [UInt8]) -> String? {
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

  /// One attempt with a hard total deadline, following same-origin redirects with the key and
  /// other redirects without it.
  ///
  /// - Parameters:
  ///   - limit: the body cap, `bodyLimit` unless given.
  ///   - file: where the body goes instead of memory; the returned body's `bytes` then hold
  ///     only the first 64 KiB of a non-200 reply (its error text).
  package func fetchOnce(_ url: URL, limit: Int? = nil, file: BodyFile? = nil) async throws
    -> HTTPBody
  {
    var url = url
    let started = uptime()
    for _ in 0...Self.maximumRedirects {
      let elapsed = Double(uptime() &- started) / 1e9
      let left = policy.timeout - elapsed
      guard left > 0 else {
        throw APIError.transport(HTTPMessages.timedOut(policy.timeout, host: url.host ?? "server"))
      }
      let transport: any HTTPTransport = url.scheme?.lowercased() == "https" ? secure : plain
      let reply = try await transport.get(
        url, timeout: left, limit: limit ?? bodyLimit, file: file
      ).get()
      guard (300..<400).contains(reply.status), let location = reply.location else {
        if let file, reply.status != 200 {
          return HTTPBody(status: reply.status, bytes: file.prefix(64 << 10))
        }
        return HTTPBody(status: reply.status, bytes: reply.bytes, wireBytes: reply.wireBytes)
      }
      try file?.reset()
      guard let next = Self.redirectTarget(location, from: url) else {
        throw APIError.transport("redirect to an unusable location from \(url.host ?? "server")")
      }
      log("redirected to \(Self.withoutKey(next).absoluteString)")
      url = next
    }
    throw APIError.transport("too many redirects from \(url.host ?? "server")")
  }

  /// Where a redirect leads: resolved against `url`, http(s) only, and without `apikey` unless
  /// it stays on the same scheme, host and port.
  package static func redirectTarget(_ location: String, from url: URL) -> URL? {
    guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
      let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    let sameOrigin =
      scheme == url.scheme?.lowercased() && target.host?.lowercased() == url.host?.lowercased()
      && (target.port ?? (scheme == "https" ? 443 : 80))
        == (url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))
    return sameOrigin ? target : withoutKey(target)
  }

  /// `url` without any `apikey` query item.
  package static func withoutKey(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let items = components.queryItems, items.contains(where: { $0.name == "apikey" })
    else { return url }
    components.queryItems = items.filter { $0.name != "apikey" }
    if components.queryItems?.isEmpty == true { components.queryItems = nil }
    return components.url ?? url
  }

  package static func describe(_ error: URLError, url: URL?, host: String) -> String {
    let port = url?.port.map { ":\($0)" } ?? ""
    switch error.code {
    case .timedOut: return "\(host) did not answer in time"
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

  /// "10 s", "0.5 s", "10.25 s": to the hundredth of a second (a deadline measured a few
  /// microseconds short still reads as the timeout the user gave).
  public static func seconds(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    return hundredths.truncatingRemainder(dividingBy: 100) == 0
      ? "\(Int(hundredths / 100)) s" : "\(hundredths / 100) s"
  }
}
