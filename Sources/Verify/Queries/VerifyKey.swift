import SkycastModel

/// A way to group forecast–observation pairs in `verify --by`.
///
/// Raw values are the words typed after `--by`; ``column`` is the output column name.
public enum VerifyKey: String, CaseIterable, Sendable {
  /// Lead time in hours, `lead_hours` = (valid time − issue time) / 3600.
  case lead
  /// Lead day, `lead_day` = ⌊lead_hours / 24⌋ (daily variables: `lead_days`, the local date
  /// difference).
  case leadDay = "lead-day"
  /// The city (its name in the output).
  case city
  /// The forecast model (`best_match`, `ecmwf_ifs025`, …).
  case model
  /// The forecast source (`forecast`, `previous-runs`, an import name).
  case source
  /// The local month of the valid time, `YYYY-MM`.
  case month
  /// The local hour of the valid time, 0–23 (`--by hour-of-day` is the same key).
  case validHour = "valid-hour"
  /// The meteorological season of the local valid date, `DJF`, `MAM`, `JJA` or `SON`, named as
  /// north of the equator: for a city with latitude < 0 the months are shifted by six
  /// (December–February is `JJA`, March–May `SON`, June–August `DJF`, September–November
  /// `MAM`), so `JJA` is summer on both hemispheres.
  case season
  /// The bin of the observed value (``VerifyRequest/observationBins``), `obs_range`: `< e₀`,
  /// `eᵢ–eᵢ₊₁` (from eᵢ inclusive to eᵢ₊₁ exclusive), `≥ eₖ`. Only the pair path groups by it (the value is known per pair).
  case obsRange = "obs-range"

  /// The output column name.
  public var column: String {
    switch self {
    case .lead: "lead_hours"
    case .leadDay: "lead_day"
    case .city: "city"
    case .model: "model"
    case .source: "source"
    case .month: "month"
    case .validHour: "valid_hour"
    case .season: "season"
    case .obsRange: "obs_range"
    }
  }

  /// Words `--by` accepts besides the raw values.
  public static let aliases: [String: VerifyKey] = ["hour-of-day": .validHour]

  /// The season of month 1–12 at `latitude` (``season``); "" for another month.
  public static func season(month: Int, latitude: Double) -> String {
    seasonNames[seasonIndex(month: month, latitude: latitude)]
  }

  /// The index in ``seasonNames`` of month 1–12 at `latitude`; 0 ("") for another month.
  public static func seasonIndex(month: Int, latitude: Double) -> Int {
    guard (1...12).contains(month) else { return 0 }
    let name = (latitude < 0 ? southernSeasons : northernSeasons)[month - 1]
    return seasonNames.firstIndex(of: name) ?? 0
  }

  /// "" and the four seasons.
  public static let seasonNames = ["", "DJF", "MAM", "JJA", "SON"]

  private static let northernSeasons = [
    "DJF", "DJF", "MAM", "MAM", "MAM", "JJA", "JJA", "JJA", "SON", "SON", "SON", "DJF",
  ]
  private static let southernSeasons = [
    "JJA", "JJA", "SON", "SON", "SON", "DJF", "DJF", "DJF", "MAM", "MAM", "MAM", "JJA",
  ]

  /// ``season`` in SQL, from a `YYYY-MM-DD` date expression and a city id expression.
  package static func seasonSQL(date: String, city: String) -> String {
    let index = "(3 * CAST(substr(\(date), 6, 2) AS INTEGER) - 2)"
    return
      "CASE WHEN (SELECT latitude FROM cities WHERE id = \(city)) < 0 THEN substr('\(southernSeasons.joined())', \(index), 3) ELSE substr('\(northernSeasons.joined())', \(index), 3) END"
  }

  /// True for keys that belong to one forecast rather than to its valid time: the lead keys.
  /// Revisions split a valid time's sequence of forecasts along these.
  public var isForecastLevel: Bool { self == .lead || self == .leadDay }

  /// True when the key's SQL value is text (the others are integers).
  package var isText: Bool {
    switch self {
    case .model, .source, .month, .season: true
    case .lead, .leadDay, .city, .validHour, .obsRange: false
    }
  }

  /// The SQL expression over the forecast row `f` for a variable of `frequency`, or nil when
  /// the key has no meaning there (lead hours and valid hour of a daily value).
  ///
  /// `lead_day` floors toward −∞ so that past hours (`--include-past`) fall in day −1, not 0:
  /// SQLite's integer division truncates toward zero.
  package func sql(for frequency: WeatherVariable.Frequency, leadHours: String = "f.lead_hours")
    -> String?
  {
    switch (self, frequency) {
    case (.lead, .hourly): leadHours
    case (.leadDay, .hourly): LeadTime.daySQL(hours: leadHours)
    case (.leadDay, .daily): "f.lead_days"
    case (.city, _): "f.city_id"
    case (.model, _): "f.model"
    case (.source, _): "f.source"
    case (.month, .hourly): "substr(f.valid_date, 1, 7)"
    case (.month, .daily): "substr(f.date, 1, 7)"
    case (.validHour, .hourly): "f.valid_hour"
    case (.season, .hourly): Self.seasonSQL(date: "f.valid_date", city: "f.city_id")
    case (.season, .daily): Self.seasonSQL(date: "f.date", city: "f.city_id")
    case (.lead, .daily), (.validHour, .daily), (.obsRange, _): nil
    }
  }

  /// Parses `--by` words (already split on commas), keeping the first of duplicates.
  ///
  /// - Throws: `InvalidInput` naming the unknown word and the accepted ones.
  public static func parse(_ words: [String]) throws -> [VerifyKey] {
    var keys: [VerifyKey] = []
    for word in words {
      guard let key = VerifyKey(rawValue: word.lowercased()) ?? aliases[word.lowercased()] else {
        let allowed = (allCases.map(\.rawValue) + aliases.keys.sorted()).joined(separator: ", ")
        throw InvalidInput("The value '\(word)' is invalid for '--by': expected one of \(allowed)")
      }
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }
}
