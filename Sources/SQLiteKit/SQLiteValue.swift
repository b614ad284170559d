import CSQLite

/// One SQLite value, as stored or bound.
///
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html>
public enum SQLiteValue: Sendable, Equatable, Hashable, CustomStringConvertible {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// The value as a `Double` when it is numeric, else nil.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The value as an `Int64` when it is an integer (or a real with no fraction), else nil.
  public var int64Value: Int64? {
    switch self {
    case .integer(let value): value
    case .real(let value) where value.rounded() == value && abs(value) < 9.2e18: Int64(value)
    default: nil
    }
  }

  /// The value as text when it is text, else nil.
  public var stringValue: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  public var isNull: Bool { self == .null }

  public var description: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .text(let value): value
    case .blob(let bytes): "<\(bytes.count) bytes>"
    }
  }
}

extension SQLiteValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue {
  /// An optional double as a value: nil becomes NULL.
  public init(_ value: Double?) { self = value.map(SQLiteValue.real) ?? .null }
  /// An optional integer as a value: nil becomes NULL.
  public init(_ value: Int64?) { self = value.map(SQLiteValue.integer) ?? .null }
  /// An optional integer as a value: nil becomes NULL.
  public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
  /// An optional string as a value: nil becomes NULL.
  public init(_ value: String?) { self = value.map(SQLiteValue.text) ?? .null }
}
