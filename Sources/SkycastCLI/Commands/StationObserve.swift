import Collect
import Foundation
import Import
import OpenMeteo
import SkycastModel
import Stations
import Store

/// `observe --station PROVIDER:ID|linked`: a station's own file, fetched and stored.
enum StationObserve {
  /// `--ghcnh-url` and its kin: the provider's base URL, else `SKYCAST_<PROVIDER>_URL`.
  static func urlOption(_ provider: StationProvider) -> Option<String?> {
    .text(
      StationDownload.flag(provider), value: "url",
      help:
        "With --station: the \(provider.rawValue) base URL (env \(StationDownload.environmentName(provider))).",
      default: StationDownload.defaultBase(provider))
  }

  /// The options of the archive fetch, which `--station` does not read (`ObserveCommand`'s
  /// rules refuse them).
  static let fetchOptions: [any OptionKey] = [
    SharedOptions.from, SharedOptions.to, ObserveOptions.model,
    SharedOptions.API.archive.option, SharedOptions.API.historicalForecast.option,
  ]

  static func run(_ invocation: Invocation, station: String) async throws -> Int32 {
    let store = try invocation.openStore()
    var jobs: [(City, StationProvider, String)] = []
    var failures = 0
    if station == "linked" {
      let cities = try invocation.cities(in: store)
      let links = try store.stationLinks().filter(\.isDefault)
      for city in cities {
        guard let link = links.first(where: { $0.cityID == city.id }) else {
          invocation.warn("\(invocation.label(city)) has no default station (skycast station link)")
          continue
        }
        // A link stored before ids were checked must not become a request path
        // (`../../../../etc/x`): the rule of the PROVIDER:ID form, applied to links too.
        if let problem = Station.idProblem(link.station.id) {
          failures += 1
          invocation.warn(
            "\(invocation.label(city)): linked \(link.station.provider.rawValue) \(problem); not fetched (skycast station unlink)"
          )
          continue
        }
        jobs.append((city, link.station.provider, link.station.id))
      }
    } else {
      let (provider, id) = try StationCommand.stationReference(station)
      guard StationDownload.providers.contains(provider) else {
        throw invocation.usage(
          "\(provider.rawValue) files are not fetched; download them and run 'skycast import observations --format \(provider.rawValue) FILE'"
        )
      }
      guard StationDownload.isValidID(id) else {
        throw invocation.usage(
          "The value '\(id)' is invalid for a station id: letters, digits, - and _ only")
      }
      let cityNames = invocation[SharedOptions.cities]
      let city: City
      if cityNames.count == 1 {
        city = try store.resolveCity(cityNames[0])
      } else if cityNames.isEmpty {
        let reading = StationReading(provider: provider, stationID: id)
        city = try StationImportCommand.city(for: reading, invocation: invocation, store: store)
      } else {
        throw invocation.usage("--station PROVIDER:ID stores one station for one --city")
      }
      jobs.append((city, provider, id))
    }
    let client = try invocation.makeClient(bodyLimit: StationDownload.listLimit)
    let clock = invocation.context.now
    for (city, provider, id) in jobs {
      let base = try baseURL(provider, invocation: invocation)
      let label = "\(invocation.label(city)): station:\(provider.rawValue):\(id)"
      do {
        let result = try await StationFetch.run(
          provider: provider, id: id, city: city, base: base, client: client, store: store,
          keepSuspect: invocation[ObserveOptions.keepSuspect],
          now: { Int64(clock().timeIntervalSince1970.rounded(.down)) })
        for note in result.reading.notes { invocation.detail("\(label): \(note)") }
        let tally = result.reading.tally.summary
        invocation.info(
          "\(label): \(result.hours) hours, \(result.days) days; hourly \(ImportCommand.describe(result.hourly))"
            + (tally.isEmpty ? "" : "; \(tally)"))
      } catch let error as APIError {
        failures += 1
        invocation.warn("\(label): failed: \(error)")
      }
    }
    return failures == 0 ? ExitStatus.success : ExitStatus.failure
  }

  /// The flag, else the environment, else the provider's own host.
  static func baseURL(_ provider: StationProvider, invocation: Invocation) throws -> String {
    let flag = StationDownload.flag(provider)
    let environment = invocation.context.environment[StationDownload.environmentName(provider)]?
      .trimmingCharacters(in: .whitespaces)
    let url =
      invocation[urlOption(provider)] ?? (environment?.isEmpty == false ? environment : nil)
      ?? StationDownload.defaultBase(provider) ?? ""
    return try invocation.checkedURL(url, flag: flag)
  }
}
