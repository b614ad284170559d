import Foundation

/// One HTTP request as the loopback server received it (request line and headers; bodies are
/// read and dropped).
///
/// Tests can also build one directly to call a handler such as `FakeOpenMeteo` without a server:
///
/// ```swift
/// let reply = FakeOpenMeteo().respond(to: RecordedRequest(target: "/v1/search?name=Berlin"))
/// ```
public struct RecordedRequest: Sendable {
  /// `GET`, `POST`, …
  public let method: String
  /// The percent-decoded path without the query, e.g. `/v1/forecast`.
  public let path: String
  /// The request-target exactly as sent, e.g. `/v1/forecast?latitude=52.52&hourly=temperature_2m`.
  public let target: String
  /// Query parameters, percent-decoded, with `+` read as a space (as Open-Meteo's server does).
  /// When a key repeats, the last value wins; `queryItems` keeps them all in order.
  public let query: [String: String]
  /// Every query parameter in the order sent.
  public let queryItems: [QueryItem]
  /// Header fields keyed by lowercased name (`"user-agent"`); a repeated field keeps the last value.
  public let headers: [String: String]
  /// When the server finished reading the request head.
  public let receivedAt: Date

  /// One `name=value` pair of the query string.
  public struct QueryItem: Sendable, Hashable {
    public let name: String
    public let value: String
  }

  /// A request with the given target (path plus optional `?query`).
  public init(
    method: String = "GET", target: String, headers: [String: String] = [:],
    receivedAt: Date = Date()
  ) {
    self.method = method
    self.target = target
    self.receivedAt = receivedAt
    var lowered: [String: String] = [:]
    for (name, value) in headers { lowered[name.lowercased()] = value }
    self.headers = lowered
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = parts.first.map(String.init) ?? ""
    self.path = rawPath.removingPercentEncoding ?? rawPath
    var items: [QueryItem] = []
    if parts.count == 2 {
      for pair in parts[1].split(separator: "&") where !pair.isEmpty {
        let nameAndValue = pair.split(
          separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = Self.decodeFormComponent(nameAndValue[0])
        let value = nameAndValue.count == 2 ? Self.decodeFormComponent(nameAndValue[1]) : ""
        items.append(QueryItem(name: name, value: value))
      }
    }
    self.queryItems = items
    var query: [String: String] = [:]
    for item in items { query[item.name] = item.value }
    self.query = query
  }

  /// The value of a header field, matched case-insensitively.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// The comma-separated list in a query parameter (`hourly=a,b`), without empty elements;
  /// empty when the parameter is absent.
  public func list(_ name: String) -> [String] {
    guard let value = query[name] else { return [] }
    return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Decodes one `application/x-www-form-urlencoded` component; invalid escapes stay as sent.
  static func decodeFormComponent(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
