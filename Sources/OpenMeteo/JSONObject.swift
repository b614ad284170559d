/// A JSON object with its members in document order.
public struct JSONObject: Sendable, Equatable {
  public private(set) var keys: [String] = []
  public private(set) var values: [JSONValue] = []

  public init() {}

  package mutating func append(_ key: String, _ value: JSONValue) {
    keys.append(key)
    values.append(value)
  }

  /// The member `key` (the last one when repeated), or nil.
  public subscript(key: String) -> JSONValue? {
    guard let index = keys.lastIndex(of: key) else { return nil }
    return values[index]
  }
}
