import CSQLite

/// A SQLite result code, primary (`SQLITE_BUSY`) or extended (`SQLITE_CONSTRAINT_UNIQUE`), with
/// names for the codes callers branch on.
///
/// In a `switch` or `catch … where`, a primary code matches its extended codes as well, so
/// `case .constraint` catches `SQLITE_CONSTRAINT_UNIQUE`; an extended pattern matches only itself.
/// Integer literals still work (`error.code == 19`).
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct ResultCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }
  public init(integerLiteral value: Int32) { self.rawValue = value }

  /// The primary code: the low byte of an extended code.
  public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }
  /// True for a primary code (no extended bits).
  public var isPrimary: Bool { rawValue & ~0xFF == 0 }

  public var description: String { "\(rawValue) (\(String(cString: sqlite3_errstr(rawValue))))" }

  /// A primary pattern matches every extended code that has it as its low byte.
  public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
    pattern.isPrimary ? pattern == code.primary : pattern == code
  }

  public static let ok = ResultCode(rawValue: SQLITE_OK)
  public static let error = ResultCode(rawValue: SQLITE_ERROR)
  public static let internalError = ResultCode(rawValue: SQLITE_INTERNAL)
  public static let permission = ResultCode(rawValue: SQLITE_PERM)
  public static let abort = ResultCode(rawValue: SQLITE_ABORT)
  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  public static let full = ResultCode(rawValue: SQLITE_FULL)
  public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
  public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
  public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
  public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
  public static let authorization = ResultCode(rawValue: SQLITE_AUTH)
  public static let range = ResultCode(rawValue: SQLITE_RANGE)
  public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  /// `SQLITE_CONSTRAINT_UNIQUE`.
  public static let uniqueConstraint = ResultCode(rawValue: 2067)
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public static let primaryKeyConstraint = ResultCode(rawValue: 1555)
  /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
  public static let foreignKeyConstraint = ResultCode(rawValue: 787)
}
