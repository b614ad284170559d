import Foundation
import Import
import SkycastModel
import Stations
import Store

/// `import observations --format PROVIDER FILE`: one station file, read natively and stored
/// under `station:<provider>:<id>` for `--city` or the city the station is linked to.
enum StationImportCommand {
  /// A station file (`--format PROVIDER`) names its own source and is read whole: the CSV
  /// import's `--source`, `--encoding` and `--skip-invalid` do not apply.
  static let rules: [OptionRule] =
    ([ImportFileOptions.source, ImportFileOptions.encoding] as [any OptionKey]).map { option in
      .values(
        when: [ImportFileOptions.format, option],
        "--\(option.spec.name) does not apply to --format"
      ) { invocation in
        provider(invocation).map {
          "--\(option.spec.name) does not apply to --format: station rows go under station:\($0.rawValue):ID"
        }
      }
    } + [
      .values(
        when: [ImportFileOptions.format, ImportFileOptions.skipInvalid],
        "--skip-invalid does not apply to --format"
      ) { invocation in
        provider(invocation).map { _ in
          "--skip-invalid does not apply to --format: a station file is read whole or not at all"
        }
      }
    ]

  /// The `--format` provider when it is one (its own error comes where `run` reads it).
  private static func provider(_ invocation: Invocation) -> StationProvider? {
    (try? invocation[ImportFileOptions.format]) ?? nil
  }

  static func run(_ invocation: Invocation, file given: String, provider: StationProvider)
    throws -> Int32
  {
    // The declared rules (`rules`) leave none of the CSV import's options.
    let path = invocation.context.resolve(path: given)
    let options = StationReadOptions(stationID: invocation[ImportFileOptions.station])
    let url = URL(fileURLWithPath: (path as NSString).standardizingPath).absoluteString
    let failure = { (reason: String) in
      CLIError.failure("\(given) (\(provider.rawValue)): \(reason); nothing was imported")
    }
    if !invocation[ImportFileOptions.dryRun] {
      // One read: rows are stored as they are read, in a transaction that any problem rolls
      // back. A file out of time order, or one without rows, takes the two reads below.
      let store = try invocation.openStore()
      var chosen: City?
      do {
        let imported = try StationFileImport.importOnce(
          path: path, provider: provider, options: options, asked: options.stationID, url: url,
          store: store, now: invocation.context.nowEpoch,
          keepSuspect: invocation[ImportFileOptions.keepSuspect],
          strict: invocation[ImportFileOptions.strict]
        ) { reading in
          let city = try Self.city(for: reading, invocation: invocation, store: store)
          chosen = city
          return city
        }
        if let result = imported.result, let city = chosen {
          report(imported.summary, city: city, given: given, invocation: invocation)
          stored(
            result, summary: imported.summary, city: city, given: given, invocation: invocation)
          return ExitStatus.success
        }
      } catch let error as StationFileError {
        throw failure("\(error)")
      } catch StationImportStop.mismatch(let mismatch) {
        throw failure(mismatch)
      } catch StationImportStop.city(let error) {
        throw error
      } catch StationImportStop.readTwice {
        // Read twice below: checked first (no row kept), then read again while it is stored.
      }
    }
    let checked: StationFileImport.Checked
    do {
      checked = try StationFileImport.check(path: path, provider: provider, options: options)
    } catch let error as StationFileError {
      throw failure("\(error)")
    }
    let reading = checked.summary.reading
    if let asked = options.stationID, let mismatch = reading.mismatch(asked: asked) {
      throw failure(mismatch)
    }
    if invocation[ImportFileOptions.strict], let refusal = reading.tally.strictRefusal {
      throw failure(refusal)
    }
    let store = try invocation.openStore()
    let city = try Self.city(for: reading, invocation: invocation, store: store)
    report(checked.summary, city: city, given: given, invocation: invocation)
    if invocation[ImportFileOptions.dryRun] {
      invocation.info(
        "checked \(values(checked.summary, city: city, invocation: invocation)) from \(given); nothing stored (--dry-run)"
      )
      return ExitStatus.success
    }
    if checked.summary.hours == 0 && checked.summary.days == 0 {
      invocation.warn("\(given) has no measurements to import")
      return ExitStatus.success
    }
    let result: StationFileImport.Result
    do {
      result = try StationFileImport.store(
        checked, path: path, provider: provider, options: options, city: city, url: url,
        store: store, now: invocation.context.nowEpoch,
        keepSuspect: invocation[ImportFileOptions.keepSuspect])
    } catch let error as StationFileError {
      throw failure("\(error)")
    }
    stored(result, summary: checked.summary, city: city, given: given, invocation: invocation)
    return ExitStatus.success
  }

  /// The reading's notes (`-v`) and its tally.
  static func report(
    _ summary: StationFileSummary, city: City, given: String, invocation: Invocation
  ) {
    for note in summary.reading.notes { invocation.detail("\(given): \(note)") }
    let tally = summary.reading.tally.summary
    if !tally.isEmpty { invocation.info("\(given): \(tally)") }
  }

  /// "12 hours and 0 days for Berlin (source station:dwd:00433)".
  static func values(_ summary: StationFileSummary, city: City, invocation: Invocation) -> String {
    let (hours, days) = (summary.hours, summary.days)
    return
      "\(hours) hour\(hours == 1 ? "" : "s") and \(days) day\(days == 1 ? "" : "s") for \(invocation.label(city)) (source \(summary.reading.source.rawValue))"
  }

  /// The closing "imported …" line.
  static func stored(
    _ result: StationFileImport.Result, summary: StationFileSummary, city: City, given: String,
    invocation: Invocation
  ) {
    var stored: [String] = []
    if summary.hours > 0 { stored.append("hourly \(ImportCommand.describe(result.hourly))") }
    if summary.days > 0 { stored.append("daily \(ImportCommand.describe(result.daily))") }
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
    invocation.info(
      "imported \(values(summary, city: city, invocation: invocation)): \(stored.joined(separator: "; "))"
    )
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
