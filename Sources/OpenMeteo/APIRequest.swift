import Foundation

/// One API request: base, path and query items. `displayURL` never contains the key.
public struct APIRequest: Sendable, Equatable {
  public var base: String
  public var path: String
  public var query: [(String, String)]
  /// Open-Meteo's call weight for quota purposes (see `CallWeight`).
  public var weight: Double

  public init(base: String, path: String, query: [(String, String)], weight: Double = 1) {
    self.base = base
    self.path = path
    self.query = query
    self.weight = weight
  }

  public static func == (lhs: APIRequest, rhs: APIRequest) -> Bool {
    lhs.base == rhs.base && lhs.path == rhs.path && lhs.weight == rhs.weight
      && lhs.query.map { $0.0 + "=" + $0.1 } == rhs.query.map { $0.0 + "=" + $0.1 }
  }

  /// The URL without any API key: what is printed and written to the fetch log.
  public var displayURL: String { url(apiKey: nil)?.absoluteString ?? base + path }

  /// The URL to send, with `apikey` appended when given.
  public func url(apiKey: String?) -> URL? {
    var trimmedBase = base
    while trimmedBase.hasSuffix("/") { trimmedBase.removeLast() }
    guard var components = URLComponents(string: trimmedBase + path) else { return nil }
    var items = query.map { URLQueryItem(name: $0.0, value: $0.1) }
    if let apiKey { items.append(URLQueryItem(name: "apikey", value: apiKey)) }
    components.queryItems = items
    // URLComponents leaves '+' alone; escape it so "+01:00"-style values survive.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    return components.url
  }
}
