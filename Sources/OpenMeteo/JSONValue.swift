/// A parsed JSON document, as Open-Meteo sends it.
///
/// Arrays holding only numbers and nulls (the column-oriented hourly and daily blocks) are kept as
/// `[Double?]` directly (`.numbers`), which avoids one enum value per number on the ingest path.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case numbers([Double?])
  case array([JSONValue])
  case object(JSONObject)

  /// The member `key` of an object, nil otherwise.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  public var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  public var doubleValue: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// A whole number that fits in `Int64` (JSON numbers are doubles: `1e308` or `2.5` is nil,
  /// never a trap).
  public var integerValue: Int64? {
    guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e18 else {
      return nil
    }
    return Int64(value)
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array (numeric arrays are expanded).
  public var arrayValue: [JSONValue]? {
    switch self {
    case .array(let values): values
    case .numbers(let values): values.map { $0.map(JSONValue.number) ?? .null }
    default: nil
    }
  }

  /// An array of numbers and nulls as `[Double?]`; nil when any element is of another type.
  public var numberArray: [Double?]? {
    switch self {
    case .numbers(let values): return values
    case .array(let values):
      var result: [Double?] = []
      result.reserveCapacity(values.count)
      for value in values {
        switch value {
        case .null: result.append(nil)
        case .number(let number): result.append(number)
        default: return nil
        }
      }
      return result
    default: return nil
    }
  }

  /// A short name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .numbers, .array: "array"
    case .object: "object"
    }
  }
}
