internal import SQLiteKit
import SkycastModel

/// Chooses the value of every named parameter of a report's prepared statement.
///
/// In order: a `--param name=value`; the value of a standard option (`--city` gives `:city_id`
/// and `:city`, the city's id and name; `--from`/`--to` give `:from`/`:to`, local dates as
/// `YYYY-MM-DD` text); the header's `:name = default`; and for the standard names NULL, which
/// the built-in reports read as "no filter". Anything else left without a value is a usage
/// error naming it. Text that reads as a whole number binds as INTEGER, as a finite decimal as
/// REAL, anything else as TEXT (`null` in a header default is SQL NULL).
public enum ReportBinding {
  /// The parameters filled from `--city`, `--from` and `--to`, NULL when those are absent.
  public static let standardNames = ["city_id", "city", "from", "to"]

  /// A parameter problem the user can fix on the command line.
  public enum Failure: Error, CustomStringConvertible, Equatable {
    case missing(report: String, parameter: String)
    case unknown(report: String, parameter: String, known: [String])
    case conflict(parameter: String, option: String)
    case positional(report: String)

    public var description: String {
      switch self {
      case .missing(let report, let parameter):
        "report '\(report)' needs a value for :\(parameter) (--param \(parameter)=…)"
      case .unknown(let report, let parameter, let known):
        "report '\(report)' has no parameter :\(parameter)"
          + (known.isEmpty
            ? " (it takes none)"
            : "; its parameters: "
              + known.map { ":" + $0 }.joined(separator: ", "))
      case .conflict(let parameter, let option):
        "--param \(parameter)=… and \(option) both set :\(parameter); give one"
      case .positional(let report):
        "report '\(report)' uses a positional '?' parameter; reports take named ones (:name)"
      }
    }
  }

  /// The values to bind, keyed by parameter name with its colon (`:city_id`), and the standard
  /// values the statement does not use (so the caller can say an option was ignored).
  public struct Resolution: Equatable, Sendable {
    /// The value of every statement parameter, keyed as SQLite names it (`:obs`).
    public var values: [String: StoreValue]
    /// Standard names given by options that the statement does not use, sorted.
    public var unusedStandard: [String]
  }

  /// Resolves every parameter of a prepared statement.
  ///
  /// - Parameters:
  ///   - statementParameters: `Statement.parameterNames` (`:name`, or empty for `?`).
  ///   - explicit: `--param` values by bare name.
  ///   - standard: values from `--city`/`--from`/`--to` by bare name (only those given).
  /// - Throws: ``Failure``.
  public static func resolve(
    report: Report, statementParameters: [String], explicit: [String: StoreValue],
    standard: [String: StoreValue]
  ) throws -> Resolution {
    var names: [String] = []
    for parameter in statementParameters {
      guard parameter.count > 1, [":", "@", "$"].contains(parameter.first) else {
        throw Failure.positional(report: report.name)
      }
      names.append(String(parameter.dropFirst()))
    }
    for name in explicit.keys.sorted() where !names.contains(name) {
      throw Failure.unknown(report: report.name, parameter: name, known: names)
    }
    for name in explicit.keys.sorted() where standard[name] != nil {
      let option = name == "from" || name == "to" ? "--\(name)" : "--city"
      throw Failure.conflict(parameter: name, option: option)
    }
    var values: [String: StoreValue] = [:]
    for (parameter, name) in zip(statementParameters, names) {
      if let value = explicit[name] ?? standard[name] {
        values[parameter] = value
      } else if let text = report.parameters.first(where: { $0.name == name })?.defaultValue {
        values[parameter] = text.lowercased() == "null" ? .null : value(text)
      } else if standardNames.contains(name) {
        values[parameter] = .null
      } else {
        throw Failure.missing(report: report.name, parameter: name)
      }
    }
    let unused = standard.keys.filter { !names.contains($0) }.sorted()
    return Resolution(values: values, unusedStandard: unused)
  }

  /// Text as INTEGER when it is a whole number, REAL when a finite decimal, else TEXT.
  public static func value(_ text: String) -> StoreValue {
    if let integer = Int64(text) { return .integer(integer) }
    if let real = Double(text), real.isFinite, AnalysisSQLFunctions.parseNumber(text) != nil {
      return .real(real)
    }
    return .text(text)
  }
}
