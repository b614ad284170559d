import Export
import Foundation
import OpenMeteo
import SkycastModel
import Store

/// `skycast city add|list|remove`.
enum CityCommand {
  static let spec = CommandSpec(
    name: "city", abstract: "Manage saved cities.",
    subcommands: [add, list, remove])

  static let add = CommandSpec(
    name: "add", abstract: "Find a place by name (Geocoding API) or by coordinates, and save it.",
    discussion: """
      With NAME, searches Open-Meteo's geocoding API. When several places match, they are listed \
      with region, country, population and coordinates; on a terminal you pick one, otherwise \
      pass --pick N. With --name, --lat and --lon the place is saved without the network; without \
      --timezone its zone is taken from the first forecast. (With --language zh the geocoder \
      ranks two small places called 北京 first: the capital is match 3.)

      Examples:
        skycast city add Berlin
        skycast city add 北京 --language zh --pick 3 --as Beijing
        skycast city add --name "Station 7" --lat 52.52 --lon 13.41 --timezone Europe/Berlin
      """,
    arguments: [
      ArgumentSpec("name", help: "The place to search for.", optional: true) { word in
        let trimmed = word.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw InvalidInput("The city name is empty") }
        guard trimmed.count <= 200 else {
          throw InvalidInput("The city name is longer than 200 characters")
        }
      }
    ],
    options: [
      Options.country.spec, Options.language.spec, Options.pick.spec, Options.as.spec,
      Options.name.spec, Options.lat.spec, Options.lon.spec, Options.timezone.spec,
      Options.elevation.spec,
    ] + SharedOptions.network([.geocoding]),
    rules: [
      OptionRule(when: [Options.name], "Give either NAME or --name/--lat/--lon, not both")
        .arguments(given: true),
      OptionRule(
        when: [], unless: [Options.name],
        "Missing expected argument '<name>' (or --name, --lat and --lon)"
      ).arguments(given: false),
      .requires(
        Options.name, oneOf: [Options.lat],
        "Missing value for '--lat <latitude>' (needed with --name)"),
      .requires(
        Options.name, oneOf: [Options.lon],
        "Missing value for '--lon <longitude>' (needed with --name)"),
    ],
    run: { try await runAdd($0) })

  static let list = CommandSpec(
    name: "list", abstract: "List saved cities.",
    options: SharedOptions.output,
    run: { try runList($0) })

  static let remove = CommandSpec(
    name: "remove", abstract: "Remove a saved city.",
    discussion:
      "Refuses when the city has stored history, unless --purge, which deletes the city and all its rows in one transaction.",
    arguments: [ArgumentSpec("city", help: "The city: id, name or \"Name, Admin1\".")],
    options: [Options.purge.spec],
    run: { try runRemove($0) })

  // MARK: - add

  static func runAdd(_ invocation: Invocation) async throws -> Int32 {
    // The declared rules leave either --name (with --lat and --lon) or NAME.
    if let name = try invocation[Options.name] {
      return try addByCoordinates(invocation, name: name.text)
    }
    let trimmed = (invocation.arguments.first ?? "").trimmingCharacters(in: .whitespaces)
    let alias = try invocation[Options.as]?.text
    let pick = try invocation[Options.pick]
    let language = try invocation[Options.language].text
    let country = try invocation[Options.country]?.text
    let store = try invocation.openStore()
    let client = try invocation.makeClient()
    let request = Geocoding.request(
      name: trimmed, count: matchesAsked, language: language, countryCode: country,
      base: client.endpoints.geocoding)
    let answered: [GeocodingResult]
    do {
      answered = try await client.send(request) { try Geocoding.decode($0) }.value
    } catch let error as APIError {
      throw CLIError.failure("cannot search for '\(trimmed)': \(error)")
    }
    guard !answered.isEmpty else {
      throw CLIError.failure(
        "no place called '\(trimmed)' found\(country.map { " in \($0.uppercased())" } ?? "") (try another spelling, --language, or --name/--lat/--lon)"
      )
    }
    let results = try usableMatches(answered, query: trimmed, invocation: invocation)
    let chosen: GeocodingResult
    if results.count == 1 {
      chosen = results[0]
    } else if let pick {
      guard pick <= results.count else {
        throw invocation.usage(
          "--pick \(pick) is out of range: \(results.count) places match '\(trimmed)'")
      }
      chosen = results[pick - 1]
    } else {
      try? invocation.stderr.write(describe(results, query: trimmed))
      try? invocation.stderr.flush()
      guard invocation.context.stdinIsTTY else {
        throw invocation.usage(
          "\(results.count) places match '\(trimmed)'; choose one with --pick N")
      }
      // A typo asks again; only Enter (or the end of input) cancels.
      var picked: Int?
      while picked == nil {
        try invocation.stderr.write(
          "Pick a number (1-\(results.count)), or press Enter to cancel: ")
        try invocation.stderr.flush()
        guard let answer = invocation.context.readLine()?.trimmingCharacters(in: .whitespaces),
          !answer.isEmpty
        else {
          throw CLIError.failure("cancelled; nothing was saved")
        }
        if let number = Int(answer), (1...results.count).contains(number) {
          picked = number
        } else {
          try invocation.stderr.line(
            "'\(TerminalSafe.escape(answer))' is not a number from 1 to \(results.count)")
        }
      }
      chosen = results[picked! - 1]
    }
    let city = chosen.city(alias: alias, addedAt: invocation.context.nowEpoch)
    return try save(city, invocation: invocation, store: store)
  }

  /// How many matches `city add NAME` asks the geocoder for, and the most it considers.
  static let matchesAsked = 10

  /// The geocoder's matches that pass the checks of `city add --name`, at most `matchesAsked`
  /// of them (a server may send thousands): the rest are dropped with a warning each, and none
  /// left is a failure.
  static func usableMatches(
    _ answered: [GeocodingResult], query: String, invocation: Invocation
  ) throws -> [GeocodingResult] {
    var considered = answered
    if considered.count > matchesAsked {
      invocation.warn(
        "the geocoder sent \(answered.count) matches for '\(query)' when \(matchesAsked) were asked for; only the first \(matchesAsked) are considered"
      )
      considered = Array(considered.prefix(matchesAsked))
    }
    var usable: [GeocodingResult] = []
    for (index, match) in considered.enumerated() {
      if let problem = match.problem {
        invocation.warn(
          "skipped the geocoder's match \(index + 1) ('\(match.name)', id \(match.id)): \(problem)")
      } else {
        usable.append(match)
      }
    }
    guard !usable.isEmpty else {
      throw CLIError.failure(
        "the geocoder's \(considered.count == 1 ? "match" : "\(considered.count) matches") for '\(query)' cannot be saved (see the warnings above); nothing was saved"
      )
    }
    return usable
  }

  /// `--name` or `--as` with the name checked and trimmed; nil when not given.
  static func cityName(_ spec: OptionSpec) -> Option<CheckedText?> {
    .parsed(spec, whole: true) { words in
      guard let name = words.last else { return nil }
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { throw InvalidInput("The value for '--\(spec.name)' is empty") }
      guard trimmed.count <= 200 else {
        throw InvalidInput("The value for '--\(spec.name)' is longer than 200 characters")
      }
      guard !trimmed.allSatisfy(\.isNumber) else {
        throw InvalidInput("A city name cannot be all digits (digits name a city id)")
      }
      return CheckedText(trimmed)
    }
  }

  static func addByCoordinates(_ invocation: Invocation, name trimmed: String) throws -> Int32 {
    // The declared rules require --lat and --lon with --name.
    let latitude = try invocation[Options.lat] ?? 0
    let longitude = try invocation[Options.lon] ?? 0
    let elevation = try invocation[Options.elevation]
    let timezone = try invocation[Options.timezone]?.text
    let city = City(
      name: try invocation[Options.as]?.text ?? trimmed, latitude: latitude, longitude: longitude,
      elevation: elevation, timezone: timezone, addedAt: invocation.context.nowEpoch)
    let store = try invocation.openStore()
    return try save(city, invocation: invocation, store: store)
  }

  static func save(_ city: City, invocation: Invocation, store: Store) throws -> Int32 {
    let saved: City
    do {
      saved = try store.addCity(city)
    } catch let error as CityChangeError {
      throw CLIError.failure(error.description)
    }
    let zone = saved.timezone ?? "time zone from the first forecast"
    try invocation.say(
      "added city \(saved.id): \(saved.displayName)  \(format(saved.latitude)), \(format(saved.longitude))  \(zone)"
    )
    return ExitStatus.success
  }

  /// The numbered list of matches shown when a name is ambiguous. The names come from the
  /// geocoder: escaped (see `TerminalSafe`) before they are measured and aligned.
  static func describe(_ results: [GeocodingResult], query: String) -> String {
    var rows: [[String]] = []
    for (index, result) in results.enumerated() {
      rows.append(
        [
          "\(index + 1)", result.name, result.admin1 ?? "",
          result.country ?? result.countryCode ?? "",
          result.population.map { "pop \(groupDigits($0))" } ?? "",
          "\(format(result.latitude)), \(format(result.longitude))",
        ].map(TerminalSafe.escape))
    }
    var text = "\(results.count) places match '\(TerminalSafe.escape(query))':\n"
    let widths = (0..<6).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
    for row in rows {
      let cells = row.enumerated().map { column, cell in
        DisplayWidth.padded(cell, to: widths[column], alignRight: column == 0)
      }
      text += "  " + cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    return text
  }

  static func format(_ value: Double) -> String { NumberText.fixed(value, decimals: 4) }

  static func groupDigits(_ value: Int64) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return text
  }

  // MARK: - list

  static func runList(_ invocation: Invocation) throws -> Int32 {
    let format = try invocation.outputFormat()
    let store = try invocation.openExistingStore()
    let cities = try store.cities()
    // The default station column appears once any city links one (`station link`).
    let stations = Dictionary(
      try store.stationLinks().filter(\.isDefault).map { ($0.cityID, $0) },
      uniquingKeysWith: { first, _ in first })
    let output = try invocation.dataOutput()
    // The terminal table leaves out elevation, population and GeoNames id to fit 80 columns
    // (the data formats keep them; --columns shows them).
    let compact =
      ["id", "name", "admin1", "country_code", "latitude", "longitude", "timezone"]
      + (stations.isEmpty ? [] : ["station"])
    let writer = invocation.rowWriter(
      format: format, output: output, fitsTerminal: true, tableColumns: compact)
    try writer.begin(
      columns: CityColumns.columns + (stations.isEmpty ? [] : [Column("station", .text)]))
    for city in cities {
      let station: [Cell] =
        stations.isEmpty
        ? [] : [stations[city.id].map { .text($0.station.source.rawValue) } ?? .null]
      try writer.write(CityColumns.cells(city) + station)
    }
    try writer.finish()
    if cities.isEmpty, format == .table {
      invocation.info("no saved cities; add one with 'skycast city add NAME'")
    }
    return ExitStatus.success
  }

  // MARK: - remove

  static func runRemove(_ invocation: Invocation) throws -> Int32 {
    let store = try invocation.openStore()
    let city = try store.resolveCity(invocation.arguments[0])
    do {
      try store.removeCity(city, purge: invocation[Options.purge])
    } catch let error as CityChangeError {
      throw CLIError.failure(error.description)
    }
    try invocation.say("removed city \(city.id): \(city.displayName)")
    return ExitStatus.success
  }
}

extension CityCommand {
  /// The options of the `city` subcommands, each declared once with its type and default.
  enum Options {
    /// `--country`: two letters; nil when not given.
    static let country = Option<CheckedText?>.parsed(
      OptionSpec(
        "country", value: "code", help: "Only places in this country (ISO code such as DE, CN)."),
      whole: true
    ) { words in
      guard let code = words.last else { return nil }
      guard code.count == 2, code.allSatisfy(\.isLetter) else {
        throw InvalidOptionValue(code, expected: "a 2-letter country code such as DE")
      }
      return CheckedText(code)
    }
    /// `--language`: letters and `-`, at most 8.
    static let language = Option<CheckedText>.parsed(
      OptionSpec(
        "language", value: "language",
        help: "Language of the search and the names (en, zh, de, …).", default: "en"),
      whole: true
    ) { words in
      let language = words.last ?? "en"
      guard language.count <= 8, language.allSatisfy({ $0.isLetter || $0 == "-" }) else {
        throw InvalidOptionValue(language, expected: "a language code such as en or zh")
      }
      return CheckedText(language)
    }
    static let pick = Option<Int?>.integer(
      "pick", value: "n", help: "Choose match N when several places match.", in: 1...100)
    static let `as` = cityName(
      OptionSpec("as", value: "alias", help: "Save the city under this name."))
    static let name = cityName(
      OptionSpec("name", value: "name", help: "Save a place without searching: its name."))
    static let lat = Option<Double?>.number(
      "lat", value: "latitude", help: "Latitude in degrees north (-90…90), with --name.",
      in: City.latitudes)
    static let lon = Option<Double?>.number(
      "lon", value: "longitude", help: "Longitude in degrees east (-180…180), with --name.",
      in: City.longitudes)
    /// `--timezone`: an IANA zone name `CityTimeZone` knows; nil when not given.
    static let timezone = Option<CheckedText?>.parsed(
      OptionSpec(
        "timezone", value: "zone",
        help: "IANA time zone such as Europe/Berlin or UTC, with --name.",
        default: "from the first forecast"),
      whole: true
    ) { words in
      guard let zone = words.last else { return nil }
      guard CityTimeZone(identifier: zone) != nil else {
        throw InvalidOptionValue(
          zone,
          expected: "an IANA zone such as Europe/Berlin or UTC (names are case-sensitive)")
      }
      return CheckedText(zone)
    }
    static let elevation = Option<Double?>.number(
      "elevation", value: "metres", help: "Elevation in metres, with --name.",
      in: City.elevations)
    static let purge = Flag(
      "purge", help: "Also delete the city's forecasts, observations and fetch log.")
  }
}
