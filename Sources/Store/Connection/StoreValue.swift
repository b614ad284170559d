internal import SQLiteKit

/// One value as SQL stores or binds it, in the Store's own words: the layers above bind report
/// parameters and read the user's query results without seeing the SQLite wrapper.
public enum StoreValue: Sendable, Equatable, Hashable, CustomStringConvertible {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// `.real`, or `.null` for nil.
  package init(_ value: Double?) { self = value.map(Self.real) ?? .null }

  /// `.integer`, or `.null` for nil.
  package init(_ value: Int64?) { self = value.map(Self.integer) ?? .null }

  /// `.text`, or `.null` for nil.
  package init(_ value: String?) { self = value.map(Self.text) ?? .null }

  /// The value as a `Double` when it is numeric, else nil.
  public var doubleValue: Double? { sqlite.doubleValue }

  /// The value as an `Int64` when it is an integer (or a real with no fraction), else nil.
  public var int64Value: Int64? { sqlite.int64Value }

  /// The value as text when it is text, else nil.
  public var stringValue: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// True for SQL NULL.
  public var isNull: Bool { self == .null }

  public var description: String { sqlite.description }

  /// The same value as the wrapper binds it.
  var sqlite: SQLiteValue {
    switch self {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .real(value)
    case .text(let value): .text(value)
    case .blob(let bytes): .blob(bytes)
    }
  }

  /// The wrapper's value in the Store's words.
  init(_ value: SQLiteValue) {
    switch value {
    case .null: self = .null
    case .integer(let value): self = .integer(value)
    case .real(let value): self = .real(value)
    case .text(let value): self = .text(value)
    case .blob(let bytes): self = .blob(bytes)
    }
  }
}

extension StoreValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(stringLiteral value: String) { self = .text(value) }
}
