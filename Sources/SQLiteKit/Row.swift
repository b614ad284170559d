/// A copied result row: column names and values.
public struct Row: Sendable, Equatable {
  /// The column names, in order.
  public let columns: [String]
  /// The values, in column order.
  public let values: [SQLiteValue]

  public init(columns: [String], values: [SQLiteValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of the named column, or `.null` when the row has no such column.
  public subscript(_ column: String) -> SQLiteValue {
    guard let index = columns.firstIndex(of: column) else { return .null }
    return values[index]
  }

  /// The value at `index`.
  public subscript(_ index: Int) -> SQLiteValue { values[index] }

  /// Decodes a non-NULL column, throwing (never trapping) when it is missing or of another type.
  public func decode<T: SQLiteDecodable>(_ type: T.Type, column: String) throws -> T {
    guard let index = columns.firstIndex(of: column) else {
      throw RowDecodingError(column: column, reason: "no such column in \(columns)")
    }
    guard let value = T(sqliteValue: values[index]) else {
      throw RowDecodingError(column: column, reason: "cannot read \(values[index]) as \(T.self)")
    }
    return value
  }

  /// Decodes a column that may be NULL.
  public func decodeIfPresent<T: SQLiteDecodable>(_ type: T.Type, column: String) throws -> T? {
    let value = self[column]
    if value.isNull { return nil }
    return try decode(type, column: column)
  }
}

extension Int64: SQLiteDecodable {
  public init?(sqliteValue: SQLiteValue) {
    guard let value = sqliteValue.int64Value else { return nil }
    self = value
  }
}

extension Int: SQLiteDecodable {
  public init?(sqliteValue: SQLiteValue) {
    guard let value = sqliteValue.int64Value else { return nil }
    self = Int(value)
  }
}

extension Double: SQLiteDecodable {
  public init?(sqliteValue: SQLiteValue) {
    guard let value = sqliteValue.doubleValue else { return nil }
    self = value
  }
}

extension String: SQLiteDecodable {
  public init?(sqliteValue: SQLiteValue) {
    guard let value = sqliteValue.stringValue else { return nil }
    self = value
  }
}
