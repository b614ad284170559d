/// Text an attacker would put where Skycast shows names, reasons and cells: terminal escape
/// sequences, C1 controls and bidirectional overrides.
public enum HostileText {
  /// One sample of each kind, without NUL (SQLite text cannot hold it).
  public static let samples: [String] = [
    "\u{1B}]52;c;ZXZpbA==\u{7}",  // OSC 52: writes the clipboard
    "\u{1B}[2J\u{1B}]0;pwned\u{7}",  // clears the screen, retitles the window
    "\u{9B}31m\u{9D}0;t\u{9C}",  // C1 CSI and OSC
    "abc\u{202E}fdp.exe",  // right-to-left override
    "\u{2066}x\u{2069}\u{200F}\u{61C}\u{202A}",  // isolates and marks
    "a\nb\rc\td\u{7F}\u{7}",  // line breaks, DEL, BEL
  ]

  /// The samples without line breaks, for places that are one line by their format (a report
  /// header line).
  public static let singleLine: [String] = samples.map {
    String($0.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }.map(Character.init))
  }

  /// Raw control and bidi characters in `text`, ignoring line breaks and the progress line's
  /// own carriage return and erase-line sequence.
  public static func rawControls(in text: String) -> [Unicode.Scalar] {
    var scalars = Array(text.unicodeScalars)
    let erase = Array("\r\u{1B}[2K".unicodeScalars)
    var kept: [Unicode.Scalar] = []
    var index = 0
    while index < scalars.count {
      if scalars[index...].starts(with: erase) {
        index += erase.count
        continue
      }
      kept.append(scalars[index])
      index += 1
    }
    scalars = kept
    return scalars.filter { scalar in
      scalar != "\n"
        && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || [0x061C, 0x200E, 0x200F].contains(scalar.value)
          || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
    }
  }

  /// A geocoding answer with the given places (name, admin1, country), all at one place.
  public static func geocodingAnswer(_ places: [(name: String, admin1: String, country: String)])
    -> Reply
  {
    GeocodingPlace.answer(
      places.map { GeocodingPlace(name: $0.name, admin1: $0.admin1, country: $0.country) })
  }
}

/// One match of a hand-made geocoding answer; every field can be set to something a server
/// should never send.
public struct GeocodingPlace: Sendable {
  public var name: String
  public var admin1: String
  public var country: String
  public var latitude: Double
  public var longitude: Double
  public var elevation: Double
  public var timezone: String?

  public init(
    name: String, admin1: String = "Berlin", country: String = "Germany",
    latitude: Double = 52.52, longitude: Double = 13.41, elevation: Double = 34,
    timezone: String? = "Europe/Berlin"
  ) {
    self.name = name
    self.admin1 = admin1
    self.country = country
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.timezone = timezone
  }

  /// The places as the API's JSON answer, ids 9000000, 9000001, …
  public static func answer(_ places: [GeocodingPlace]) -> Reply {
    var body = "{\"results\":["
    for (index, place) in places.enumerated() {
      if index > 0 { body += "," }
      body += "{\"id\":\(9_000_000 + index),\"name\":\(Reply.jsonString(place.name)),"
      body += "\"latitude\":\(place.latitude),\"longitude\":\(place.longitude),"
      body += "\"elevation\":\(place.elevation),\"feature_code\":\"PPL\",\"country_code\":\"DE\","
      body += "\"admin1\":\(Reply.jsonString(place.admin1)),"
      if let timezone = place.timezone { body += "\"timezone\":\(Reply.jsonString(timezone))," }
      body += "\"population\":1000,\"country\":\(Reply.jsonString(place.country))}"
    }
    return .ok(body + "],\"generationtime_ms\":0.5}")
  }
}
