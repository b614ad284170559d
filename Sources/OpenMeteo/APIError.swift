import Foundation

/// Why an API request failed, phrased for one line of output.
public enum APIError: Error, CustomStringConvertible, Equatable, Sendable {
  /// No HTTP answer: refused, unresolvable host, timeout, connection lost, truncated body.
  case transport(String)
  /// An HTTP error status, with Open-Meteo's `reason` when the body had one.
  case http(status: Int, reason: String?)
  /// HTTP 429. `window` says which limit Open-Meteo named.
  case rateLimited(window: RateLimitWindow, reason: String)
  /// A 200 body with `{"error": true, "reason": …}`.
  case rejected(reason: String)
  /// The body is not the JSON Skycast expects (invalid JSON such as `nan`, wrong shape, unknown
  /// unit). Carries what was wrong.
  case decoding(String)
  /// The URL could not be built (a malformed base URL).
  case invalidURL(String)

  /// The limit named in a 429 reason.
  public enum RateLimitWindow: String, Sendable, Equatable {
    case minutely, hourly, daily, concurrent, unknown

    /// Reads Open-Meteo's reason text ("Minutely API request limit exceeded…").
    public init(reason: String) {
      let lowered = reason.lowercased()
      if lowered.contains("minutely") {
        self = .minutely
      } else if lowered.contains("hourly") {
        self = .hourly
      } else if lowered.contains("daily") {
        self = .daily
      } else if lowered.contains("concurrent") {
        self = .concurrent
      } else {
        self = .unknown
      }
    }
  }

  public var description: String {
    switch self {
    case .transport(let message): message
    case .http(let status, let reason?): "HTTP \(status): \(reason)"
    case .http(let status, nil): "HTTP \(status)"
    case .rateLimited(_, let reason): "HTTP 429: \(reason)"
    case .rejected(let reason): "API error: \(reason)"
    case .decoding(let message): "unexpected response: \(message)"
    case .invalidURL(let url): "invalid URL \(url)"
    }
  }

  /// The HTTP status to record in the fetch log, when there was one.
  public var httpStatus: Int? {
    switch self {
    case .http(let status, _): status
    case .rateLimited: 429
    case .rejected, .decoding: 200
    default: nil
    }
  }

  /// True when stopping every remaining request is the polite answer (hourly or daily quota).
  public var stopsAllRequests: Bool {
    if case .rateLimited(let window, _) = self { return window == .hourly || window == .daily }
    return false
  }
}

extension APIError {
  /// The same error with every occurrence of `secret` (as sent, or percent-encoded as in a URL)
  /// replaced by `[redacted]`: a server or proxy may echo the request URL, key included, in its
  /// reason, and that text is printed and stored in the fetch log.
  public func redacting(_ secret: String?) -> APIError {
    guard let secret, !secret.isEmpty else { return self }
    func clean(_ text: String) -> String { APIError.redact(secret, in: text) }
    switch self {
    case .transport(let message): return .transport(clean(message))
    case .http(let status, let reason): return .http(status: status, reason: reason.map(clean))
    case .rateLimited(let window, let reason):
      return .rateLimited(window: window, reason: clean(reason))
    case .rejected(let reason): return .rejected(reason: clean(reason))
    case .decoding(let message): return .decoding(clean(message))
    case .invalidURL(let url): return .invalidURL(clean(url))
    }
  }

  /// `text` with `secret` replaced by `[redacted]` in every form it can take in a URL: as sent,
  /// percent-encoded (a server that echoes the request URL), encoded twice or three times (a
  /// redirect that nests the request URL, `%26apikey%3DSECRET` or `%2526apikey%253DSECRET`, in
  /// its own query), with upper- or lower-case hex digits and `+` for a space.
  public static func redact(_ secret: String, in text: String) -> String {
    guard !secret.isEmpty else { return text }
    var forms: Set<String> = [secret]
    var level: Set<String> = [secret]
    for _ in 0..<3 {
      var next: Set<String> = []
      for form in level {
        for allowed in [CharacterSet.alphanumerics, .urlQueryAllowed, .urlPathAllowed] {
          if let encoded = form.addingPercentEncoding(withAllowedCharacters: allowed) {
            next.insert(encoded)
            next.insert(encoded.replacingOccurrences(of: "%20", with: "+"))
          }
        }
      }
      level = next.subtracting(forms)
      forms.formUnion(next)
    }
    var result = text
    for form in forms.sorted(by: { $0.count > $1.count }) {
      result = result.replacingOccurrences(
        of: form, with: "[redacted]", options: [.caseInsensitive, .literal])
    }
    return result
  }
}
