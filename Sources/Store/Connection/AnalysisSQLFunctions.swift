import Analysis
import Foundation
internal import SQLiteKit

/// The §4 analysis formulas as SQL functions, so `Queries/*.sql`, `skycast sql` and users' own SQL
/// call the same Swift code.
///
/// | SQL | Swift |
/// |---|---|
/// | `feels_like_bom(t, rh, wind)` | ``FeelsLike/bom(temperature:relativeHumidity:windSpeed:)`` |
/// | `heat_index(t, rh)` | ``FeelsLike/heatIndex(temperature:relativeHumidity:)`` |
/// | `wind_chill(t, wind)` | ``FeelsLike/windChill(temperature:windSpeed:)`` |
/// | `feels_like_nws(t, rh, wind)` | ``FeelsLike/nws(temperature:relativeHumidity:windSpeed:)`` |
/// | `dew_point(t, rh)` | ``Humidity/dewPoint(temperature:relativeHumidity:)`` |
/// | `uv_category(uv)` | ``UVIndex/category(_:)`` (text such as `very high`) |
/// | `wmo_label(code)` | ``WeatherCode/label(_:)`` |
/// | `wmo_symbol(code, is_day)` | ``WeatherCode/symbol(_:isDay:)`` |
/// | `compass_point(degrees)` | ``CompassPoint/name(degrees:)`` |
///
/// Every function is deterministic and NULL-safe: a NULL argument, a text argument that is not a
/// number, a blob, or a non-finite number gives NULL, and so does an undefined result (heat index
/// below 80 °F, wind chill above 10 °C, an unknown weather code's label). Numeric text such as
/// `'25.5'` is read as the number, as SQLite's own math functions do. A code must be a whole
/// number, and `is_day` is true for any non-zero number.
///
/// Related SQLite documentation: <https://www.sqlite.org/appfunc.html>
public enum AnalysisSQLFunctions {
  /// The SQL names registered by ``register(on:)``.
  public static let names = [
    "feels_like_bom", "heat_index", "wind_chill", "feels_like_nws", "dew_point", "uv_category",
    "wmo_label", "wmo_symbol", "compass_point",
  ]

  /// Registers every analysis function on a connection.
  ///
  /// - Parameter database: the connection (each connection needs its own registration).
  /// - Throws: `SQLiteError` when SQLite refuses a registration.
  static func register(on database: Database) throws {
    try database.createFunction("feels_like_bom", argumentCount: 3) { arguments in
      guard let t = number(arguments[0]), let rh = number(arguments[1]),
        let wind = number(arguments[2])
      else { return .null }
      return real(FeelsLike.bom(temperature: t, relativeHumidity: rh, windSpeed: wind))
    }
    try database.createFunction("heat_index", argumentCount: 2) { arguments in
      guard let t = number(arguments[0]), let rh = number(arguments[1]) else { return .null }
      return real(FeelsLike.heatIndex(temperature: t, relativeHumidity: rh))
    }
    try database.createFunction("wind_chill", argumentCount: 2) { arguments in
      guard let t = number(arguments[0]), let wind = number(arguments[1]) else { return .null }
      return real(FeelsLike.windChill(temperature: t, windSpeed: wind))
    }
    try database.createFunction("feels_like_nws", argumentCount: 3) { arguments in
      guard let t = number(arguments[0]), let rh = number(arguments[1]),
        let wind = number(arguments[2])
      else { return .null }
      return real(FeelsLike.nws(temperature: t, relativeHumidity: rh, windSpeed: wind))
    }
    try database.createFunction("dew_point", argumentCount: 2) { arguments in
      guard let t = number(arguments[0]), let rh = number(arguments[1]) else { return .null }
      return real(Humidity.dewPoint(temperature: t, relativeHumidity: rh))
    }
    try database.createFunction("uv_category", argumentCount: 1) { arguments in
      guard let uv = number(arguments[0]) else { return .null }
      return .text(UVIndex.category(uv).rawValue)
    }
    try database.createFunction("wmo_label", argumentCount: 1) { arguments in
      guard let code = code(arguments[0]) else { return .null }
      return SQLiteValue(WeatherCode.label(code))
    }
    try database.createFunction("wmo_symbol", argumentCount: 2) { arguments in
      guard let code = code(arguments[0]), let isDay = number(arguments[1]) else { return .null }
      return .text(WeatherCode.symbol(code, isDay: isDay != 0))
    }
    try database.createFunction("compass_point", argumentCount: 1) { arguments in
      guard let degrees = number(arguments[0]) else { return .null }
      return .text(CompassPoint.name(degrees: degrees))
    }
  }

  // MARK: - Argument and result conversion

  /// A finite number from an integer, a real or numeric text; nil for anything else.
  static func number(_ value: SQLiteValue) -> Double? {
    let number: Double?
    switch value {
    case .integer(let integer): number = Double(integer)
    case .real(let real): number = real
    case .text(let text): number = parseNumber(text)
    case .null, .blob: number = nil
    }
    guard let number, number.isFinite else { return nil }
    return number
  }

  /// Decimal text (optional sign, digits, point, exponent; surrounding spaces allowed), or nil.
  ///
  /// Swift's `Double(_:)` also accepts `nan`, `inf` and hexadecimal floats, which SQLite does not
  /// treat as numbers, so those are refused first.
  package static func parseNumber(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let allowed = trimmed.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
    guard allowed, trimmed.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return nil }
    return Double(trimmed)
  }

  /// A whole-number weather code, or nil.
  static func code(_ value: SQLiteValue) -> Int? {
    guard let number = number(value), number.rounded() == number, abs(number) < 1e15 else {
      return nil
    }
    return Int(number)
  }

  /// A finite result as REAL, anything else as NULL.
  static func real(_ value: Double?) -> SQLiteValue {
    guard let value, value.isFinite else { return .null }
    return .real(value)
  }
}
