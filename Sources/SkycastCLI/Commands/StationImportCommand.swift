import Foundation
import Import
import SkycastModel
import Stations
import Store

/// `import observations --format PROVIDER FILE`: one station file, read natively and stored
/// under `station:<provider>:<id>` for `--city` or the city the station is linked to.
enum StationImportCommand {
  static func run(_ invocation: Invocation, file given: String, provider: StationProvider)
    throws -> Int32
  {
    for option in [ImportCommand.Options.source, ImportCommand.Options.encoding] as [any OptionKey]
    where invocation.isGiven(option) {
      throw invocation.usage(
        "--\(option.spec.name) does not apply to --format: station rows go under station:\(provider.rawValue):ID"
      )
    }
    if invocation[ImportCommand.Options.skipInvalid] {
      throw invocation.usage(
        "--skip-invalid does not apply to --format: a station file is read whole or not at all")
    }
    let path = invocation.context.resolve(path: given)
    let options = StationReadOptions(stationID: invocation[ImportCommand.Options.station])
    // Read as a stream and checked first (no row kept), then read again while it is stored.
    let checked: StationFileImport.Checked
    do {
      checked = try StationFileImport.check(path: path, provider: provider, options: options)
    } catch let error as StationFileError {
      throw CLIError.failure("\(given) (\(provider.rawValue)): \(error); nothing was imported")
    }
    let reading = checked.summary.reading
    let hours = checked.summary.hours
    let days = checked.summary.days
    if let asked = options.stationID, let mismatch = reading.mismatch(asked: asked) {
      throw CLIError.failure("\(given) (\(provider.rawValue)): \(mismatch); nothing was imported")
    }
    let store = try invocation.openStore()
    let city = try Self.city(for: reading, invocation: invocation, store: store)
    for note in reading.notes { invocation.detail("\(given): \(note)") }
    let source = reading.source.rawValue
    let tally = reading.tally.summary
    if !tally.isEmpty { invocation.info("\(given): \(tally)") }
    let values =
      "\(hours) hour\(hours == 1 ? "" : "s") and \(days) day\(days == 1 ? "" : "s") for \(invocation.label(city)) (source \(source))"
    if invocation[ImportCommand.Options.dryRun] {
      invocation.info("checked \(values) from \(given); nothing stored (--dry-run)")
      return ExitStatus.success
    }
    if hours == 0 && days == 0 {
      invocation.warn("\(given) has no measurements to import")
      return ExitStatus.success
    }
    let result: StationFileImport.Result
    do {
      result = try StationFileImport.store(
        checked, path: path, provider: provider, options: options, city: city,
        url: URL(fileURLWithPath: (path as NSString).standardizingPath).absoluteString,
        store: store, now: invocation.context.nowEpoch,
        keepSuspect: invocation[ImportCommand.Options.keepSuspect])
    } catch let error as StationFileError {
      throw CLIError.failure("\(given) (\(provider.rawValue)): \(error); nothing was imported")
    }
    var stored: [String] = []
    if hours > 0 { stored.append("hourly \(ImportCommand.describe(result.hourly))") }
    if days > 0 { stored.append("daily \(ImportCommand.describe(result.daily))") }
    if result.keptSuspect > 0 {
      stored.append(
        "\(result.keptSuspect) flagged value\(result.keptSuspect == 1 ? "" : "s") kept and marked (--keep-suspect)"
      )
    }
    if result.traceFlagged > 0 {
      stored.append(
        "\(result.traceFlagged) trace value\(result.traceFlagged == 1 ? "" : "s") stored as 0 and flagged 'trace' (verify --exclude-trace leaves them out)"
      )
    }
    invocation.info("imported \(values): \(stored.joined(separator: "; "))")
    return ExitStatus.success
  }

  /// `--city`, else the one city the station is linked to.
  static func city(for reading: StationReading, invocation: Invocation, store: Store) throws
    -> City
  {
    if let name = invocation[SharedOptions.city] { return try store.resolveCity(name) }
    let linked = try store.stationLinks().filter {
      $0.station.provider == reading.provider && $0.station.id == reading.stationID
    }
    let cities = try store.cities()
    let names = linked.compactMap { link in cities.first { $0.id == link.cityID } }
    guard names.count == 1, let only = names.first else {
      let station = "\(reading.provider.rawValue):\(reading.stationID)"
      if names.isEmpty {
        throw invocation.usage(
          "station \(station) is linked to no city: name one with --city, or run 'skycast station link CITY \(station)'"
        )
      }
      throw invocation.usage(
        "station \(station) is linked to \(names.map(\.name).joined(separator: ", ")): choose one with --city"
      )
    }
    return only
  }
}
