import Foundation

/// What the loopback server does with a request: a normal response or a scripted failure.
///
/// Every response the server writes carries `Content-Length` and `Connection: close`, and the
/// connection is closed after it.
public enum Reply: Sendable {
  /// A JSON body with `Content-Type: application/json; charset=utf-8`.
  case json(status: Int, body: String)
  /// Any body with the given content type.
  case bytes(status: Int, contentType: String, body: [UInt8])
  /// A response with extra header fields (they are sent after `Content-Type` and before
  /// `Content-Length`; do not repeat those two).
  case custom(status: Int, headers: [Header], body: [UInt8])
  /// Headers announce `declaredLength` bytes, only `body` is sent, then the connection closes.
  /// URLSession on Linux reports this as URLError code -1 ("transfer closed…").
  case truncated(status: Int, body: [UInt8], declaredLength: Int)
  /// Reads the request and never answers. The connection is released when the client gives up
  /// (closes it) or the server stops.
  case hang
  /// Reads the request and closes the connection without sending a byte.
  case closeWithoutResponse
  /// Waits, then replies. The wait is cut short when the server stops.
  indirect case delayed(seconds: Double, Reply)
  /// Sends the headers at once, then the body `chunkSize` bytes at a time with `interval` seconds
  /// between chunks: a server that keeps the connection busy past any total deadline.
  case dripFeed(status: Int, body: [UInt8], chunkSize: Int, interval: Double)
  /// `dripFeed` with extra header fields (as in `.custom`), such as `Content-Encoding: gzip`.
  case dripFeedCustom(
    status: Int, headers: [Header], body: [UInt8], chunkSize: Int, interval: Double)
  /// Writes exactly these bytes (no status line or headers added) and closes: malformed HTTP.
  case raw([UInt8])
  /// A 200 whose body is `totalBytes` of JSON-looking filler, sent as fast as the client reads:
  /// chunked (no length announced) or with an honest `Content-Length`. Stops when the client
  /// hangs up.
  case flood(chunked: Bool, totalBytes: Int)

  /// One header field of a `.custom` reply.
  public struct Header: Sendable, Hashable {
    public let name: String
    public let value: String
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  // MARK: - Conveniences

  /// A 200 JSON reply.
  public static func ok(_ json: String) -> Reply { .json(status: 200, body: json) }

  /// Open-Meteo's error shape, `{"error":true,"reason":"…"}`, with the given status.
  public static func openMeteoError(status: Int = 400, reason: String) -> Reply {
    .json(status: status, body: #"{"error":true,"reason":"# + jsonString(reason) + "}")
  }

  /// A 429 with one of Open-Meteo's rate-limit reasons.
  public static func rateLimited(_ limit: RateLimit) -> Reply {
    openMeteoError(status: 429, reason: limit.reason)
  }

  /// An HTML page, as a proxy or load balancer in front of the API would send.
  public static func html(status: Int, body: String) -> Reply {
    .bytes(status: status, contentType: "text/html; charset=utf-8", body: Array(body.utf8))
  }

  /// A plain-text body.
  public static func text(status: Int, body: String) -> Reply {
    .bytes(status: status, contentType: "text/plain; charset=utf-8", body: Array(body.utf8))
  }

  /// The rate limits of the free API and the reasons it gives in its 429 bodies.
  public enum RateLimit: String, Sendable, CaseIterable {
    case minutely, hourly, daily, concurrent

    /// The exact `reason` text of the 429 body.
    public var reason: String {
      switch self {
      case .minutely: "Minutely API request limit exceeded. Please try again in one minute."
      case .hourly: "Hourly API request limit exceeded. Please try again in the next hour."
      case .daily: "Daily API request limit exceeded. Please try again tomorrow."
      case .concurrent: "Too many concurrent requests"
      }
    }
  }

  // MARK: - Inspection (for tests that call a handler directly)

  /// The HTTP status this reply sends, or nil when it sends no status line.
  public var status: Int? {
    switch self {
    case .json(let status, _), .bytes(let status, _, _), .custom(let status, _, _),
      .truncated(let status, _, _), .dripFeed(let status, _, _, _),
      .dripFeedCustom(let status, _, _, _, _):
      status
    case .flood: 200
    case .delayed(_, let reply): reply.status
    case .hang, .closeWithoutResponse, .raw: nil
    }
  }

  /// The body bytes this reply sends (for `.truncated`, the bytes actually sent).
  public var body: [UInt8] {
    switch self {
    case .json(_, let body): Array(body.utf8)
    case .bytes(_, _, let body), .custom(_, _, let body), .truncated(_, let body, _),
      .dripFeed(_, let body, _, _), .dripFeedCustom(_, _, let body, _, _), .raw(let body):
      body
    case .delayed(_, let reply): reply.body
    case .hang, .closeWithoutResponse, .flood: []
    }
  }

  /// The body as UTF-8 text.
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// The body parsed with `JSONSerialization` (nil when it is not JSON).
  public var jsonObject: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }

  // MARK: - Helpers

  /// `text` as a JSON string literal with quotes; non-ASCII characters are written as is.
  public static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The standard reason phrase for a status code.
  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status \(status)"
    }
  }
}
