internal import SQLiteKit
import SkycastModel

/// A city named on the command line did not resolve.
public enum CityReferenceError: Error, CustomStringConvertible, Equatable {
  case unknown(String)
  case ambiguous(String, candidates: [City])
  case noCities

  public var description: String {
    switch self {
    // The reference was typed and the names came from outside: escaped here, because this
    // message has line breaks of its own that the error presenter keeps.
    case .unknown(let reference):
      "unknown city '\(TerminalSafe.escape(reference))' (see 'skycast city list')"
    case .ambiguous(let reference, let candidates):
      "city name '\(TerminalSafe.escape(reference))' is ambiguous; name one by its id or as quoted:\n"
        + candidates.map { city in
          let fields = [city.name, city.admin1 ?? "-", city.countryCode ?? "-"].map(
            TerminalSafe.escape)
          let line = "  \(city.id)  " + fields.joined(separator: "  ")
          guard let name = Self.reference(for: city, among: candidates) else { return line }
          return line + "  \"" + TerminalSafe.escape(name) + "\""
        }
        .joined(separator: "\n")
    case .noCities:
      "no saved cities; add one with 'skycast city add NAME'"
    }
  }

  /// A `Name, Admin1` (else `Name, CC`) reference that picks `city` alone out of `candidates`
  /// (the cities sharing its name), or nil when only the id tells it apart.
  public static func reference(for city: City, among candidates: [City]) -> String? {
    for qualifier in [city.admin1, city.countryCode, city.country] {
      guard let qualifier, !qualifier.isEmpty, !city.name.contains(",") else { continue }
      let lowered = qualifier.lowercased()
      let matching = candidates.filter {
        [$0.admin1, $0.countryCode, $0.country].contains { $0?.lowercased() == lowered }
      }
      if matching.count == 1 { return "\(city.name), \(qualifier)" }
    }
    return nil
  }
}
