/// The checks a station passes before it is cached, linked or fetched, whatever named it (a
/// provider's station list, a station file's id column or name, the `PROVIDER:ID` argument).
/// One rule set, so a list cannot plant what the command line refuses: an id that becomes a
/// request path (`../../etc/x`), a name with an ESC, an elevation of 1e19 m.
extension Station {
  /// Elevations in metres: the rule `city add --elevation` applies (−500…9000).
  public static let elevations = City.elevations
  /// The longest id, in characters.
  public static let maximumIDLength = 40
  /// The longest name, in characters.
  public static let maximumNameLength = 200

  /// True for an id safe in a request path, a file name and a source: letters, digits, `-`
  /// and `_` only, 1 to 40 of them (no `/`, `\`, `.`, space or control character).
  ///
  /// ```swift
  /// Station.isValidID("USW00024135")       // true
  /// Station.isValidID("../../../../etc/x") // false
  /// ```
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty && id.unicodeScalars.count <= maximumIDLength
      && id.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "-" || $0 == "_"
      }
  }

  /// Why `id` cannot name a station, or nil when it can.
  public static func idProblem(_ id: String) -> String? {
    isValidID(id)
      ? nil
      : "station id '\(TerminalSafe.escape(id))' is not 1 to \(maximumIDLength) letters, digits, - or _"
  }

  /// Why `name` cannot name a station (a control or bidi character, or longer than 200
  /// characters), or nil when it can. A `/` stays allowed: `BERLIN/TEMPELHOF` is a real name,
  /// and a name never becomes a path.
  public static func nameProblem(_ name: String) -> String? {
    if !TerminalSafe.isSafe(name) {
      return "station name '\(TerminalSafe.escape(name))' holds a control character"
    }
    if name.count > maximumNameLength {
      return "station name is longer than \(maximumNameLength) characters"
    }
    return nil
  }

  /// Why this station cannot be cached or linked, or nil when it can: its id, name,
  /// coordinates (−90…90, −180…180) and elevation (−500…9000 m) checked.
  public var problem: String? {
    if let problem = Self.idProblem(id) { return problem }
    if let problem = Self.nameProblem(name) { return problem }
    if !(latitude.isFinite && City.latitudes.contains(latitude)) {
      return "latitude \(Self.text(latitude)) is outside -90…90"
    }
    if !(longitude.isFinite && City.longitudes.contains(longitude)) {
      return "longitude \(Self.text(longitude)) is outside -180…180"
    }
    if let elevation, !(elevation.isFinite && Self.elevations.contains(elevation)) {
      return "elevation \(Self.text(elevation)) m is outside -500…9000"
    }
    return nil
  }

  /// A number for a message, `nan` and `inf` included.
  private static func text(_ value: Double) -> String {
    value.isFinite ? NumberText.shortest(value) : "\(value)"
  }
}
