import Export
import Foundation
import OpenMeteo
import SkycastModel
import Stations
import Store

/// `skycast station load|search|link|unlink|list`: the station catalogue and which stations
/// verify which city.
enum StationCommand {
  static let spec = CommandSpec(
    name: "station", abstract: "Find weather stations and link them to cities.",
    discussion: """
      Station lists are cached in the database (station load) with the date they were loaded; \
      station search ranks the cached stations by great-circle distance. A city may link \
      several stations, one of them the default: 'verify --obs station' verifies each city \
      against its default station's measurements (import observations --format PROVIDER).

      Examples:
        skycast station load dwd TU_Stundenwerte_Beschreibung_Stationen.txt
        skycast station search --city Berlin --radius 30
        skycast station link Berlin dwd:00433
      """,
    subcommands: [load, search, link, unlink, list])

  static let load = CommandSpec(
    name: "load", abstract: "Cache a provider's station list, from a file or fetched.",
    discussion:
      "Replaces the cached rows of the same stations; the load date is kept per station, so running it again refreshes the catalogue. Lists read: GHCNh (ghcnh-station-list.csv/.txt), Meteostat (weather-stations JSON, lite.json.gz), DWD (*_Beschreibung_Stationen.txt), ECA&D (stations.txt). Without FILE the list is fetched from the provider (GHCNh, Meteostat, DWD; base URL by --ghcnh-url, --meteostat-url, --dwd-url or SKYCAST_<PROVIDER>_URL).",
    arguments: [
      ArgumentSpec("provider", help: "ghcnh, meteostat, dwd or ecad.") { word in
        _ = try provider(word)
      },
      ArgumentSpec("file", help: "The station list (plain, .gz or .zip).", optional: true),
    ],
    options: StationDownload.providers.map { StationObserve.urlOption($0).spec }
      + SharedOptions.network([]),
    run: { try await runLoad($0) })

  static let search = CommandSpec(
    name: "search", abstract: "List cached stations near a city or a point, nearest first.",
    options: [
      SharedOptions.city.help("The city to search around.").spec, Options.lat.spec,
      Options.lon.spec, Options.radius.spec, Options.provider.spec, Options.limit.spec,
    ] + SharedOptions.output,
    run: { try runSearch($0) })

  static let link = CommandSpec(
    name: "link", abstract: "Link a station to a city (the first link is the default).",
    arguments: [
      ArgumentSpec("city", help: "The city: id, name or \"Name, Admin1\"."),
      ArgumentSpec(
        "station", help: "PROVIDER:ID, e.g. dwd:00433 (from 'station search')."
      ) { word in _ = try stationReference(word) },
    ],
    options: [Options.default.spec],
    run: { try runLink($0) })

  static let unlink = CommandSpec(
    name: "unlink", abstract: "Remove a station link.",
    arguments: [
      ArgumentSpec("city", help: "The city: id, name or \"Name, Admin1\"."),
      ArgumentSpec("station", help: "PROVIDER:ID.") { word in _ = try stationReference(word) },
    ],
    run: { try runUnlink($0) })

  static let list = CommandSpec(
    name: "list", abstract: "List the stations linked to cities.",
    options: [SharedOptions.city.help("Only this city's links.").spec]
      + SharedOptions.output,
    run: { try runList($0) })

  // MARK: - load

  static func runLoad(_ invocation: Invocation) async throws -> Int32 {
    let provider = try provider(invocation.arguments[0])
    let given: String
    let catalogue: StationList
    if invocation.arguments.count > 1 {
      given = invocation.arguments[1]
      let path = invocation.context.resolve(path: given)
      // A list is read whole: a file far larger than any real one is refused unread.
      if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
        size > StationLists.fileLimit
      {
        throw CLIError.failure(
          "\(given) is \(size >> 20) MiB, more than a station list's \(StationLists.fileLimit >> 20) MiB: not loaded"
        )
      }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw CLIError.failure("cannot read \(given)")
      }
      do {
        catalogue = try StationLists.read([UInt8](data), provider: provider)
      } catch {
        throw CLIError.failure("\(given) (\(provider.rawValue) station list): \(error)")
      }
    } else {
      guard let list = StationDownload.stationList(provider) else {
        throw invocation.usage(
          "\(provider.rawValue)'s station list is not fetched; load it from a file: skycast station load \(provider.rawValue) FILE"
        )
      }
      let base = try StationObserve.baseURL(provider, invocation: invocation)
      let request = APIRequest(base: base, path: list.path, query: [], weight: 0)
      given = request.displayURL
      do {
        // Read while checked: a cut or garbled list is retried like an undecodable reply.
        catalogue = try await invocation.makeClient(bodyLimit: StationDownload.listLimit).send(
          request
        ) { body in
          try StationLists.read(body, provider: provider)
        }.value
      } catch let error as APIError {
        throw CLIError.failure("\(given): \(error); the cached catalogue is unchanged")
      }
    }
    let store = try invocation.openStore()
    try store.write {
      try store.cacheStations(catalogue.stations, loadedAt: invocation.context.nowEpoch)
    }
    if !catalogue.skipped.isEmpty { invocation.warn("\(given): \(catalogue.summary())") }
    invocation.info(
      "cached \(catalogue.stations.count) \(provider.rawValue) stations from \(given)")
    return ExitStatus.success
  }

  // MARK: - search

  static func runSearch(_ invocation: Invocation) throws -> Int32 {
    let format = try invocation.outputFormat()
    let store = try invocation.openExistingStore()
    let latitude = try invocation[Options.lat]
    let longitude = try invocation[Options.lon]
    let city: City?
    let point: (Double, Double)
    switch (invocation[SharedOptions.city], latitude, longitude) {
    case (let name?, nil, nil):
      let found = try store.resolveCity(name)
      city = found
      point = (found.latitude, found.longitude)
    case (nil, let lat?, let lon?):
      city = nil
      point = (lat, lon)
    default:
      throw invocation.usage("station search needs --city, or --lat and --lon")
    }
    let radius = try invocation[Options.radius]
    let provider = try invocation[Options.provider]
    let limit = try invocation[Options.limit]
    let found = try store.stations(
      near: point.0, point.1, radiusKm: radius, provider: provider, limit: limit)
    let output = try invocation.dataOutput()
    let writer = invocation.rowWriter(format: format, output: output, fitsTerminal: true)
    try writer.begin(columns: [
      Column("provider", .text), Column("id", .text), Column("name", .text),
      Column("distance", .measure(decimals: 1), unit: "km"),
      Column("elevation", .measure(decimals: 0), unit: "m"),
      Column("elevation_diff", .measure(decimals: 0), unit: "m"), Column("first", .text),
      Column("last", .text), Column("variables", .text),
    ])
    for (station, distance) in found {
      let difference = station.elevation.flatMap { s in city?.elevation.map { s - $0 } }
      try writer.write([
        .text(station.provider.rawValue), .text(station.id), .text(station.name),
        .number(distance), station.elevation.map(Cell.number) ?? .null,
        difference.map(Cell.number) ?? .null, station.first.map { .text($0.description) } ?? .null,
        station.last.map { .text($0.description) } ?? .null,
        station.variables.isEmpty ? .null : .text(station.variables.joined(separator: " ")),
      ])
    }
    try writer.finish()
    if found.isEmpty {
      let cached = try store.stationCatalogues()
      invocation.warn(
        cached.isEmpty
          ? "no station list is cached; load one with 'skycast station load PROVIDER FILE'"
          : "no cached station within \(NumberText.shortest(radius)) km (cached: \(cached.map { "\($0.provider.rawValue) \($0.count)" }.joined(separator: ", "))); try a larger --radius"
      )
    }
    return ExitStatus.success
  }

  // MARK: - link, unlink, list

  /// The `<provider>` argument: a provider's name, checked where the argument is declared.
  static func provider(_ name: String) throws -> StationProvider {
    guard let provider = StationProvider(rawValue: name) else {
      throw InvalidInput(
        "The value '\(name)' is invalid for '<provider>': expected one of \(StationProvider.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return provider
  }

  /// `PROVIDER:ID` as given on the command line (the `<station>` argument, `--station`).
  static func stationReference(_ text: String) throws -> (StationProvider, String) {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2, let provider = StationProvider(rawValue: parts[0]), !parts[1].isEmpty
    else {
      throw InvalidInput(
        "The value '\(text)' is invalid for '<station>': expected PROVIDER:ID with PROVIDER one of \(StationProvider.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return (provider, parts[1])
  }

  static func runLink(_ invocation: Invocation) throws -> Int32 {
    let store = try invocation.openStore()
    let city = try store.resolveCity(invocation.arguments[0])
    let (provider, id) = try stationReference(invocation.arguments[1])
    guard let station = try store.cachedStation(provider: provider, id: id) else {
      throw CLIError.failure(
        "station \(provider.rawValue):\(id) is not in the cached \(provider.rawValue) list; load it with 'skycast station load \(provider.rawValue) FILE' and find ids with 'skycast station search'"
      )
    }
    // A station cached before lists were checked can hold what no list passes now.
    if let problem = station.problem {
      throw CLIError.failure(
        "station \(provider.rawValue):\(TerminalSafe.escape(id)) cannot be linked: \(problem); load the \(provider.rawValue) list again"
      )
    }
    let existing = try store.stationLinks(cityID: city.id)
    let isDefault =
      invocation[Options.default]
      || !existing.contains {
        $0.isDefault && ($0.station.provider != provider || $0.station.id != id)
      }
    let link = StationLink.between(city, station, isDefault: isDefault)
    try store.write { try store.link(link, at: invocation.context.nowEpoch) }
    try invocation.say(
      "linked \(invocation.label(city)) to \(link.description)\(isDefault ? " (default)" : "")")
    return ExitStatus.success
  }

  static func runUnlink(_ invocation: Invocation) throws -> Int32 {
    let store = try invocation.openStore()
    let city = try store.resolveCity(invocation.arguments[0])
    let (provider, id) = try stationReference(invocation.arguments[1])
    let removed = try store.write {
      try store.unlink(cityID: city.id, provider: provider, stationID: id)
    }
    guard removed else {
      throw CLIError.failure(
        "\(invocation.label(city)) is not linked to \(provider.rawValue):\(id)")
    }
    try invocation.say("unlinked \(provider.rawValue):\(id) from \(invocation.label(city))")
    return ExitStatus.success
  }

  static func runList(_ invocation: Invocation) throws -> Int32 {
    let format = try invocation.outputFormat()
    let store = try invocation.openExistingStore()
    let city = try invocation[SharedOptions.city].map { try store.resolveCity($0) }
    let cities = try store.cities()
    let links = try store.stationLinks(cityID: city?.id)
    let output = try invocation.dataOutput()
    let writer = invocation.rowWriter(format: format, output: output, fitsTerminal: true)
    try writer.begin(columns: [
      Column("city", .text), Column("station", .text), Column("name", .text),
      Column("distance", .measure(decimals: 1), unit: "km"),
      Column("elevation_diff", .measure(decimals: 0), unit: "m"), Column("default", .text),
    ])
    for link in links {
      let name = cities.first { $0.id == link.cityID }.map(invocation.label) ?? "\(link.cityID)"
      try writer.write([
        .text(name), .text(link.station.source.rawValue), .text(link.station.name),
        .number(link.distanceKm), link.elevationDifference.map(Cell.number) ?? .null,
        .text(link.isDefault ? "yes" : ""),
      ])
    }
    try writer.finish()
    if links.isEmpty, format == .table {
      invocation.info("no station is linked; link one with 'skycast station link CITY PROVIDER:ID'")
    }
    return ExitStatus.success
  }
}

extension StationCommand {
  /// The options of the `station` subcommands, each declared once with its type and default.
  enum Options {
    static let lat = Option<Double?>.number(
      "lat", value: "degrees", help: "Latitude (with --lon).", in: -90...90)
    static let lon = Option<Double?>.number(
      "lon", value: "degrees", help: "Longitude (with --lat).", in: -180...180)
    static let radius = Option<Double>.number(
      "radius", value: "km", help: "Search radius.", in: 0...20_000, default: 50)
    static let provider = Option<StationProvider?>.choice(
      "provider", value: "provider", help: "Only this network.", of: StationProvider.self)
    static let limit = Option<Int>.integer(
      "limit", value: "n", help: "At most n stations.", in: 1...10_000, default: 10)
    static let `default` = Flag("default", help: "Make it the city's default station.")
  }
}
