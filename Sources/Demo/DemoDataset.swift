import Collect
import Foundation
import Import
import OpenMeteo
import SkycastModel
import SkycastResources
import Store
import Synthetic

/// Builds the demo database: the recorded responses in `Samples/open-meteo/` (through the same
/// decoder and storing code as `collect`, `observe` and `backfill`), a clearly labelled synthetic
/// history (invented places, source `forecast` with `synthetic://` URLs in the fetch log, and
/// observations with source `synthetic`), and the sample station CSV (through `import`).
public struct DemoDataset {
  /// The demo's clock: a few minutes after the Copenhagen recording's current time
  /// (2026-07-26 23:00 local), so `now` shows "updated 20 min ago".
  public static let clock: Int64 = 1_785_100_800
  /// The synthetic history's seed and extent.
  public static let seed: UInt64 = 2026
  public static let syntheticDays = 28
  public static let issuesPerDay = 4
  /// The observation source of the synthetic truth.
  public static let observationSource = FetchSource.synthetic.rawValue
  /// The synthetic places' second model: the same truth with errors 1.35 times as large.
  public static let secondModel = "demo_model_b"
  /// The imported forecast source: another provider's log loaded as `import forecasts` does,
  /// issued once a day for 7 days, errors 1.15 times as large.
  public static let importedSource = "demo_provider"
  /// The synthetic ensemble's model (`collect --ensemble` storing), 20 members and a control,
  /// issued once a day for 7 days.
  public static let ensembleModel = "demo_ensemble"
  public static let ensembleMembers = 20
  public static let ensembleDays = 7

  /// One line of what was loaded, for the tour's log.
  public struct Step: Sendable, Equatable {
    public var label: String
    public var detail: String
  }

  public let store: Store

  public init(store: Store) {
    self.store = store
  }

  /// A file from the embedded `Samples/` folder.
  public static func sample(_ path: String) throws -> [UInt8] {
    guard let data = EmbeddedResources.files["Samples/" + path] else {
      throw DemoError("Samples/\(path) is not embedded in this build")
    }
    return Array(data)
  }

  /// Loads everything and returns what was stored, step by step.
  public func load() throws -> [Step] {
    var steps: [Step] = []
    steps += try loadRecordedForecasts()
    steps += try loadRecordedHistory()
    steps += try loadSynthetic()
    return steps
  }

  // MARK: - Recorded responses

  /// The three recorded forecasts, each stored as `collect` would have stored it at the
  /// response's own time.
  package func loadRecordedForecasts() throws -> [Step] {
    let recordings: [(file: String, name: String, admin1: String, country: String)] = [
      ("forecast-copenhagen-current-hourly-daily-ms.json", "Copenhagen", "Capital Region", "DK"),
      ("forecast-berlin-hourly-daily-sunrise-1day.json", "Berlin", "Berlin", "DE"),
      ("forecast-denver-current-daily.json", "Denver", "Colorado", "US"),
    ]
    var steps: [Step] = []
    for recording in recordings {
      let body = try Self.sample("open-meteo/" + recording.file)
      let location = try ResponseDecoder().decode(body)[0]
      let city = try store.addCity(
        City(
          name: recording.name, countryCode: recording.country, admin1: recording.admin1,
          latitude: location.latitude ?? 0, longitude: location.longitude ?? 0,
          elevation: location.elevation, timezone: location.timezone, addedAt: Self.clock))
      // The response's own time: its current block, else its first hour.
      let requestedAt =
        location.current?.time ?? location.hourly?.instants.first
        ?? location.daily.map { city.zone.startOfDay($0.dates[0]) } ?? Self.clock
      let stored = try ForecastIngest.store(
        location: location, city: city, store: store, requestedAt: requestedAt,
        provenance: ResponseProvenance(
          url: "file://Samples/open-meteo/" + recording.file, body: body, callWeight: nil),
        models: [ModelName.bestMatch], minInterval: nil)
      steps.append(
        Step(
          label: recording.file,
          detail:
            "\(recording.name): \(stored?.rows ?? 0) rows (forecast; \(location.warnings.count) key\(location.warnings.count == 1 ? "" : "s") not stored)"
        ))
    }
    return steps
  }

  /// The recorded archive (ERA5) and previous-runs responses.
  package func loadRecordedHistory() throws -> [Step] {
    var steps: [Step] = []
    guard let berlin = try store.cities().first(where: { $0.name == "Berlin" }) else { return [] }
    for file in [
      "archive-berlin-hourly-2024-01-01-to-02.json", "archive-berlin-daily-2024-01-01-to-03.json",
    ] {
      let body = try Self.sample("open-meteo/" + file)
      let location = try ResponseDecoder(models: [FetchSource.era5Model]).decode(body)[0]
      let counts = try store.write {
        let fetchID = try storeFetch(
          city: berlin, source: .era5, model: FetchSource.era5Model, file: file,
          body: body, location: location)
        let counts = try store.upsertObservations(
          location, model: FetchSource.era5Model, city: berlin, source: .era5,
          fetchID: fetchID,
          fetchedAt: Self.clock)
        try store.setFetchRows(counts.hourly.changed + counts.daily.changed, fetchID: fetchID)
        return counts
      }
      steps.append(
        Step(
          label: file,
          detail:
            "Berlin: \(counts.hourly.changed) hourly, \(counts.daily.changed) daily observations (era5)"
        ))
    }
    let file = "previous-runs-enschede-temperature-precipitation-day1-day2.json"
    let body = try Self.sample("open-meteo/" + file)
    let location = try ResponseDecoder().decode(body)[0]
    let enschede = try store.addCity(
      City(
        name: "Enschede", countryCode: "NL", admin1: "Overijssel", latitude: location.latitude ?? 0,
        longitude: location.longitude ?? 0, elevation: location.elevation,
        timezone: "Europe/Amsterdam", addedAt: Self.clock))
    let rows = try store.write {
      let fetchID = try storeFetch(
        city: enschede, source: .previousRuns, model: ModelName.bestMatch, file: file,
        body: body,
        location: location)
      var rows = 0
      if let hourly = location.hourly {
        for day in 1...7 where hourly.columns.keys.contains(where: { $0.previousDay == day }) {
          rows += try store.insertHourlyForecasts(
            hourly, model: ModelName.bestMatch, previousDay: day, fetchID: fetchID,
            cityID: enschede.id,
            source: .previousRuns, zone: enschede.zone,
            issuedAt: { LeadTime.issued(valid: $0, daysBefore: day) })
        }
      }
      try store.setFetchRows(rows, fetchID: fetchID)
      return rows
    }
    steps.append(
      Step(label: file, detail: "Enschede: \(rows) rows (previous-runs, leads 24 h and 48 h)"))
    return steps
  }

  package func storeFetch(
    city: City, source: FetchSource, model: String, file: String, body: [UInt8],
    location: LocationBlock
  ) throws -> Int64 {
    var fetch = FetchRecord(
      cityID: city.id, source: source, model: model, requestedAt: Self.clock, status: .ok,
      httpStatus: 200)
    fetch.record(location)
    fetch.record(
      ResponseProvenance(url: "file://Samples/open-meteo/" + file, body: body, callWeight: nil))
    return try store.insertFetch(fetch)
  }

  // MARK: - Synthetic history

  /// Four weeks of forecasts issued every 6 hours, 16 days ahead, for three invented places,
  /// ending at the demo clock; observations (the synthetic truth) for the same period plus two
  /// weeks before.
  package func loadSynthetic() throws -> [Step] {
    let history = SyntheticHistory(places: SyntheticCity.demo, seed: Self.seed)
    let cities = try history.places.map { try store.addCity($0.city(addedAt: Self.clock)) }
    let lastIssue = Self.clock / 21_600 * 21_600
    let issues = (0..<(Self.syntheticDays * Self.issuesPerDay)).reversed().map {
      lastIssue - Int64($0) * 21_600
    }
    var rows = 0
    // The demo's own forecasts (best_match) and a second, less skilful model of the same
    // truth, so `verify --compare` has two models to compare offline.
    for (model, scale) in [(nil, 1.0), (Self.secondModel, 1.35)] as [(String?, Double)] {
      for issuedAt in issues {
        let items = try cities.indices.map { index in
          let body = history.forecastBody(
            place: index, issuedAt: issuedAt, model: model, errorScale: scale)
          return ForecastIngest.Item(
            location: try ResponseDecoder(models: model.map { [$0] } ?? []).decode(body)[0],
            city: cities[index],
            provenance: ResponseProvenance(
              url: "synthetic://skycast-demo?seed=\(Self.seed)&place=\(index + 1)"
                + (model.map { "&model=" + $0 } ?? ""), body: body, callWeight: nil))
        }
        rows += try ForecastIngest.storeBatch(
          items, store: store, requestedAt: issuedAt, models: [model ?? ModelName.bestMatch],
          minInterval: nil
        )
        .reduce(0) { $0 + ($1?.rows ?? 0) }
      }
    }
    let zone = cities[0].zone
    let lastDay = zone.localDate(Self.clock)
    let firstDay = zone.localDate(issues[0]).adding(days: -14)
    var observed = 0
    for (index, city) in cities.enumerated() {
      let body = history.archiveBody(place: index, from: firstDay, to: lastDay.adding(days: -1))
      let location = try ResponseDecoder(models: [FetchSource.era5Model]).decode(body)[0]
      observed += try store.write {
        var fetch = FetchRecord(
          cityID: city.id, source: .synthetic, model: Self.observationSource,
          requestedAt: Self.clock, status: .ok)
        fetch.record(
          ResponseProvenance(
            url: "synthetic://skycast-demo?seed=\(Self.seed)&place=\(index + 1)&truth",
            body: body, callWeight: nil))
        let fetchID = try store.insertFetch(fetch)
        let counts = try store.upsertObservations(
          location, model: FetchSource.era5Model, city: city, source: .synthetic,
          fetchID: fetchID,
          fetchedAt: Self.clock)
        try store.setFetchRows(counts.hourly.changed, fetchID: fetchID)
        return counts.hourly.changed
      }
    }
    let daily = issues.filter { $0 % 86_400 == 0 }
    return [
      Step(
        label: "synthetic history (seed \(Self.seed))",
        detail:
          "\(cities.map(\.name).joined(separator: ", ")): \(issues.count * cities.count) forecasts issued every 6 h for \(Self.syntheticDays) days by best_match and \(Self.secondModel), \(rows) rows; \(observed) hourly observations (source \(Self.observationSource))"
      ),
      try loadImported(history: history, cities: cities, issues: daily),
      try loadEnsemble(history: history, cities: cities, issues: daily),
    ]
  }

  /// Another provider's forecast log, written as CSV and loaded through the importer as
  /// `skycast import forecasts FILE --source demo_provider` loads it: one issue a day at 00 UTC,
  /// 7 days ahead, temperature, precipitation and wind speed.
  package func loadImported(history: SyntheticHistory, cities: [City], issues: [Int64]) throws
    -> Step
  {
    let variables: [WeatherVariable] = [.temperature2m, .precipitation, .windSpeed10m]
    var csv = "city,issued_at,time," + variables.map(\.column).joined(separator: ",") + "\n"
    for (index, city) in cities.enumerated() {
      for issuedAt in issues {
        let hours = history.forecastHours(
          place: index, issuedAt: issuedAt, model: Self.importedSource, errorScale: 1.15)
        for (position, time) in hours.times.enumerated()
        where time >= issuedAt && time < issuedAt + 7 * 86_400 {
          let cells = variables.map { variable in
            (hours.columns[variable]?[position] ?? nil).map {
              NumberText.fixed($0, decimals: variable.decimals)
            } ?? ""
          }
          csv +=
            "\(city.id),\(WallClock.utc(epoch: issuedAt)),\(WallClock.utc(epoch: time)),"
            + cells.joined(separator: ",") + "\n"
        }
      }
    }
    let result = try Importer.run(
      Array(csv.utf8), path: "synthetic://skycast-demo/\(Self.importedSource).csv",
      options: ImportOptions(kind: .forecasts, source: Self.importedSource), store: store,
      now: Self.clock)
    return Step(
      label: "\(Self.importedSource).csv (synthetic, through import forecasts)",
      detail:
        "\(cities.map(\.name).joined(separator: ", ")): \(result.rows) rows, one issue a day for 7 days (source \(Self.importedSource))"
    )
  }

  /// A synthetic ensemble stored as `collect --ensemble` stores one: every member of
  /// `demo_ensemble` from an Ensemble API body, one issue a day at 00 UTC, 7 days ahead.
  package func loadEnsemble(history: SyntheticHistory, cities: [City], issues: [Int64]) throws
    -> Step
  {
    var options = EnsembleRequestOptions(models: [Self.ensembleModel])
    options.variables = SyntheticHistory.ensembleVariables
    options.days = Self.ensembleDays
    let decoder = EnsembleDecoder(models: options.models, variables: options.variables)
    var rows = 0
    for issuedAt in issues {
      let items = try cities.indices.map { index in
        let body = history.ensembleBody(
          place: index, issuedAt: issuedAt, members: Self.ensembleMembers, days: Self.ensembleDays)
        return EnsembleIngest.Item(
          ensemble: try decoder.decode(body)[0], city: cities[index],
          provenance: ResponseProvenance(
            url: "synthetic://skycast-demo?seed=\(Self.seed)&place=\(index + 1)&ensemble",
            body: body, callWeight: nil))
      }
      for result in try EnsembleIngest.storeEach(
        items, store: store, requestedAt: issuedAt, options: options, minInterval: nil)
      {
        rows += try result.get() ?? 0
      }
    }
    return Step(
      label: "synthetic ensemble \(Self.ensembleModel)",
      detail:
        "\(cities.map(\.name).joined(separator: ", ")): \(issues.count * cities.count) ensembles of \(Self.ensembleMembers) members and a control, one a day for \(Self.ensembleDays) days, \(rows) rows (source ensemble)"
    )
  }
}
