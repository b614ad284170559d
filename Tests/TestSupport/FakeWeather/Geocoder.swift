import Foundation

/// `/v1/search` over the `Gazetteer`, following the geocoding API's documented rules: an empty or
/// one-character name finds nothing, two characters match whole names exactly, three or more
/// match name prefixes (case- and accent-insensitive). No match gives `{"generationtime_ms":…}`
/// with no `results` key; absent fields are omitted, never `null`.
enum Geocoder {
  static func search(_ request: RecordedRequest) -> Reply {
    let name = (request.query["name"] ?? "").trimmingCharacters(in: .whitespaces)
    var count = 10
    if let text = request.query["count"] {
      guard let value = Int(text), (1...100).contains(value) else {
        return .openMeteoError(reason: "Parameter count must be between 1 and 100.")
      }
      count = value
    }
    let language = (request.query["language"] ?? "en").lowercased()
    let countryCode = request.query["countryCode"]?.uppercased()
    let generation = FakeFormat.shortest(generationTime(request))

    let results = matches(name: name, language: language, countryCode: countryCode)
      .prefix(count)
    guard !results.isEmpty else {
      return .ok(#"{"generationtime_ms":"# + generation + "}")
    }
    let objects = results.map { encode($0, language: language) }
    return .ok(
      #"{"results":["# + objects.joined(separator: ",") + #"],"generationtime_ms":"#
        + generation + "}")
  }

  /// Places matching `name`, best first.
  static func matches(name: String, language: String, countryCode: String?) -> [Place] {
    let length = name.count
    guard length >= 2 else { return [] }
    let wanted = fold(name)
    var found: [(place: Place, exact: Bool, rank: Int)] = []
    for (rank, place) in Gazetteer.places.enumerated() {
      if let countryCode, !countryCode.isEmpty, place.countryCode != countryCode { continue }
      let names = place.searchableNames.map(fold)
      let exact = names.contains(wanted)
      let prefix = length >= 3 && names.contains { $0.hasPrefix(wanted) }
      if exact || prefix { found.append((place, exact, rank)) }
    }
    // Upstream ranks by its own relevance score (not simply by population: the recorded
    // Frederick answer puts Oklahoma, 3,692 people, before Colorado, 11,413); the gazetteer's
    // order stands in for that score.
    return found.sorted { lhs, rhs in
      let lhsBoost = language == "zh" && lhs.place.rankedFirstInChinese
      let rhsBoost = language == "zh" && rhs.place.rankedFirstInChinese
      if lhsBoost != rhsBoost { return lhsBoost }
      if lhs.exact != rhs.exact { return lhs.exact }
      return lhs.rank < rhs.rank
    }.map(\.place)
  }

  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// One result object, keys in the API's order, absent fields left out.
  static func encode(_ place: Place, language: String) -> String {
    func localized(_ names: [String: String]) -> String {
      names[language] ?? names["en"] ?? names.values.sorted().first ?? ""
    }
    var object = JSONObjectText()
    object.integer("id", place.id)
    object.string("name", localized(place.names))
    object.number("latitude", place.latitude)
    object.number("longitude", place.longitude)
    if let elevation = place.elevation { object.number("elevation", elevation) }
    object.string("feature_code", place.featureCode)
    object.string("country_code", place.countryCode)
    if let id = place.admin1ID { object.integer("admin1_id", id) }
    if let id = place.admin2ID { object.integer("admin2_id", id) }
    if let id = place.admin3ID { object.integer("admin3_id", id) }
    if let id = place.admin4ID { object.integer("admin4_id", id) }
    object.string("timezone", place.timezone)
    if let population = place.population { object.integer("population", population) }
    if let postcodes = place.postcodes {
      object.array("postcodes", postcodes.map(Reply.jsonString))
    }
    if let id = place.countryID { object.integer("country_id", id) }
    object.string("country", localized(place.country))
    if let admin = place.admin1 { object.string("admin1", localized(admin)) }
    if let admin = place.admin2 { object.string("admin2", localized(admin)) }
    if let admin = place.admin3 { object.string("admin3", localized(admin)) }
    if let admin = place.admin4 { object.string("admin4", localized(admin)) }
    return object.json
  }

  /// A deterministic stand-in for `generationtime_ms` (0.1–1.0, from the request target).
  static func generationTime(_ request: RecordedRequest) -> Double {
    Double(Noise.hash(request.target) % 9000 + 1000) / 10_000
  }
}
