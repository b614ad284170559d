import SkycastModel

/// One column of a Parquet file: its physical type, how engines should read it, and whether it
/// may hold NULLs.
public struct ParquetColumn: Sendable, Equatable {
  /// The physical types Skycast writes.
  public enum Physical: Int32, Sendable {
    case int32 = 1
    case int64 = 2
    case double = 5
    case byteArray = 6
  }

  /// The logical type engines map the physical one to.
  public enum Logical: Sendable, Equatable {
    /// A plain number (INT32, INT64, DOUBLE).
    case none
    /// UTF-8 text.
    case string
    /// Days since 1970-01-01.
    case date
    /// Microseconds since 1970-01-01T00:00:00Z (`isAdjustedToUTC = true`).
    case timestampMicrosUTC
  }

  public var name: String
  public var physical: Physical
  public var logical: Logical
  /// False for REQUIRED columns (no definition levels are written).
  public var optional: Bool

  public init(name: String, physical: Physical, logical: Logical = .none, optional: Bool = true) {
    self.name = name
    self.physical = physical
    self.logical = logical
    self.optional = optional
  }

  /// How a cell of a table column is turned into this column's value.
  package enum Conversion: Sendable, Equatable {
    case text
    case integer
    /// Rounded to the column's decimals as the CSV prints it.
    case measure(decimals: Int)
    case real
    case instant
    case date
  }

  /// The Parquet column for a table column: text as STRING, whole numbers as INT64 (INT32 for
  /// the small ones such as hours and codes), measured values as DOUBLE at their stored
  /// precision, instants as UTC TIMESTAMP(MICROS) and local dates as DATE.
  package static func layout(for column: Column, required: Bool) -> (ParquetColumn, Conversion) {
    let optional = !required
    switch column.kind {
    case .text:
      return (
        ParquetColumn(
          name: column.name, physical: .byteArray, logical: .string,
          optional: optional), .text
      )
    case .integer:
      let small = smallIntegers.contains(column.name)
      return (
        ParquetColumn(
          name: column.name, physical: small ? .int32 : .int64,
          optional: optional), .integer
      )
    case .measure(let decimals):
      return (
        ParquetColumn(name: column.name, physical: .double, optional: optional),
        .measure(decimals: decimals)
      )
    case .score, .dynamic:
      return (ParquetColumn(name: column.name, physical: .double, optional: optional), .real)
    case .instant:
      return (
        ParquetColumn(
          name: column.name, physical: .int64, logical: .timestampMicrosUTC,
          optional: optional), .instant
      )
    case .date:
      return (
        ParquetColumn(
          name: column.name, physical: .int32, logical: .date,
          optional: optional), .date
      )
    }
  }

  /// Integer columns whose values always fit in 32 bits.
  package static let smallIntegers: Set<String> = [
    "valid_hour", "lead_hours", "lead_days", "weather_code", "is_day", "http_status",
    "utc_offset_seconds", "lead_day", "hour",
  ]
}
