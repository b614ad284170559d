import SkycastModel
import Store
import Verify

/// `skycast archive lock-in|changes|audit`: what a kept history of issued forecasts knows that
/// no API does.
enum ArchiveCommand {
  static let spec = CommandSpec(
    name: "archive", abstract: "What your archive knows that no API does.",
    discussion: """
      Skycast keeps every forecast as it was issued. These questions need that history: when \
      could a forecast be trusted (lock-in), did a model's skill change (changes), and how far \
      are Open-Meteo's derived archives from what was actually served (audit).
      """,
    subcommands: [lockIn, changes, audit])

  /// `--city`, `--model`, `--source`, `--from`, `--to`: the forecasts an analysis reads.
  static let selectionOptions: [OptionSpec] = [
    SharedOptions.cities,
    OptionSpec(
      "model", value: "model", help: "Only this model (repeat for several).", repeating: true,
      default: "every stored model"),
    OptionSpec(
      "source", value: "source",
      help: "Forecast source to read (forecast, previous-runs, single-runs or an import's name).",
      default: FetchSource.forecast.rawValue),
    SharedOptions.from, SharedOptions.to,
  ]

  /// `--var NAME` with `fallback` when not given; a usage error names the variables.
  static func readVariable(_ invocation: Invocation, default fallback: WeatherVariable) throws
    -> WeatherVariable
  {
    guard let name = invocation.string("var") else { return fallback }
    let forecast = WeatherVariable.allCases.filter {
      $0.isNumeric && !$0.roles.isDisjoint(with: [.hourlyForecast, .dailyForecast])
    }
    guard let variable = WeatherVariable.named(name), forecast.contains(variable) else {
      throw invocation.unknownVariable(name, in: forecast)
    }
    return variable
  }

  /// The selection of `--city`, `--model`, `--source`, `--from`, `--to` for `variable`.
  static func archiveSelection(
    _ invocation: Invocation, store: Store, variable: WeatherVariable
  ) throws -> ArchiveSelection {
    let cities = try invocation.cities(in: store)
    let all = try store.cities()
    return ArchiveSelection(
      variable: variable, cityIDs: cities.count == all.count ? [] : cities.map(\.id),
      models: unique(invocation.list("model")),
      sources: [
        FetchSource(rawValue: invocation.string("source") ?? FetchSource.forecast.rawValue)
      ],
      period: try invocation.dateRange(required: false))
  }

  /// The values in first-seen order without repeats.
  static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  /// Writes `table` in `--format` to the data output; an aligned table shows `tableColumns`
  /// (those the table has) unless `--columns` chooses.
  static func write(
    _ table: ArchiveTable, _ invocation: Invocation, tableColumns: [String]? = nil
  ) throws {
    let names = Set(table.columns.map(\.name))
    let writer = invocation.rowWriter(
      format: try invocation.outputFormat(), output: try invocation.dataOutput(),
      fitsTerminal: true, tableColumns: tableColumns?.filter(names.contains))
    for comment in table.comments { try writer.comment(comment) }
    try writer.begin(columns: table.columns)
    for row in table.rows { try writer.write(row) }
    try writer.finish()
  }
}
