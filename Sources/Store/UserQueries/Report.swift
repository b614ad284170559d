import Foundation

/// One named SQL report of the ``QueryLibrary``: its header facts and its statement text.
public struct Report: Sendable, Equatable {
  /// Where a report was loaded from.
  public enum Origin: Sendable, Equatable {
    /// `Queries/` in the package, compiled into the binary.
    case builtIn
    /// A file in the user's query folder.
    case user(path: String)

    /// `built-in` or `user`.
    public var label: String {
      switch self {
      case .builtIn: "built-in"
      case .user: "user"
      }
    }

    /// Where to point in messages: the user file's path or `Queries/NAME.sql`.
    public func location(name: String) -> String {
      switch self {
      case .builtIn: "Queries/\(name).sql (built-in)"
      case .user(let path): path
      }
    }
  }

  /// A parameter declared in the header.
  public struct Parameter: Sendable, Equatable {
    /// The name without the colon (`city_id`).
    public var name: String
    /// The default text (`era5`; `null` = SQL NULL), or nil when the header gives none.
    public var defaultValue: String?

    public init(name: String, defaultValue: String? = nil) {
      self.name = name
      self.defaultValue = defaultValue
    }
  }

  /// A header that cannot be read.
  public struct HeaderError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, naming the offending text.
    public var message: String
    public var description: String { message }
  }

  /// The file name without `.sql`.
  public var name: String
  /// The `-- name:` line, when there is one.
  public var headerName: String?
  /// The one-line `-- description:` (empty when missing).
  public var description: String
  /// The `-- parameters:` entries, in order.
  public var parameters: [Parameter]
  /// The whole file: header comments and the statement.
  public var sql: String
  /// Built-in or a user file.
  public var origin: Origin

  /// Reads the header of a report file.
  ///
  /// The header is the run of comment lines (and blank lines) at the top; `-- key: value` lines
  /// with the keys `name`, `description` and `parameters` (any case) are read, others are
  /// notes. Statement errors are not checked here: that needs a database (``ReportBinding``).
  ///
  /// - Throws: ``HeaderError`` for a `parameters` entry that is not `:name` or
  ///   `:name = default`, or a file without any SQL.
  public init(name: String, text: String, origin: Origin) throws {
    self.name = name
    self.sql = text
    self.origin = origin
    description = ""
    parameters = []
    var hasStatement = false
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      guard line.hasPrefix("--") else {
        hasStatement = true
        break
      }
      let comment = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
      guard let colon = comment.firstIndex(of: ":") else { continue }
      let key = comment[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = comment[comment.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      switch key {
      case "name": headerName = value
      case "description": description = value
      case "parameters": parameters = try Self.parseParameters(value)
      default: continue
      }
    }
    guard hasStatement else { throw HeaderError(message: "no SQL statement after the header") }
  }

  /// `:a, :b = x` → parameters; `none` or empty → none.
  package static func parseParameters(_ text: String) throws -> [Parameter] {
    if text.isEmpty || text.lowercased() == "none" { return [] }
    return try text.split(separator: ",").map { entry in
      let parts = entry.split(separator: "=", maxSplits: 1)
      let name = parts[0].trimmingCharacters(in: .whitespaces)
      guard name.hasPrefix(":"), name.count > 1,
        name.dropFirst().allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
      else {
        throw HeaderError(
          message: "the parameters line has '\(entry.trimmingCharacters(in: .whitespaces))'; "
            + "expected ':name' or ':name = default', separated by commas")
      }
      let defaultValue = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
      return Parameter(name: String(name.dropFirst()), defaultValue: defaultValue)
    }
  }

  /// The parameters as the header writes them: `:city_id, :from, :to, :obs = era5`.
  public var parametersText: String {
    parameters.map { parameter in
      ":" + parameter.name + (parameter.defaultValue.map { " = " + $0 } ?? "")
    }.joined(separator: ", ")
  }
}
