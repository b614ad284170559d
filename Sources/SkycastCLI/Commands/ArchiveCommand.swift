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
    SharedOptions.cities.spec, Options.model.spec, Options.source.spec, SharedOptions.from.spec,
    SharedOptions.to.spec,
  ]

  /// `--var NAME` with `fallback` when not given; a usage error names the variables.
  static func readVariable(_ invocation: Invocation, default fallback: WeatherVariable) throws
    -> WeatherVariable
  {
    guard let name = invocation[Options.var] else { return fallback }
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
      models: unique(invocation[Options.model]),
      sources: [
        FetchSource(rawValue: invocation[Options.source] ?? FetchSource.forecast.rawValue)
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

extension ArchiveCommand {
  /// The options of the `archive` subcommands, each declared once with its type and default.
  enum Options {
    static let model = Option<[String]>.repeated(
      "model", value: "model", help: "Only this model (repeat for several).",
      default: "every stored model")
    static let source = Option<String?>.text(
      "source", value: "source",
      help: "Forecast source to read (forecast, previous-runs, single-runs or an import's name).",
      default: FetchSource.forecast.rawValue)
    /// `--var`: each subcommand words its default (see `variable(_:fallback:)`).
    static let `var` = Option<String?>.text(
      "var", value: "variable", help: "The variable (see 'skycast vars').")
    static let list = Flag("list", help: "List the differing hours instead of the summary.")
    static let leadDay = Option<Int?>.integer(
      "lead-day", value: "day", help: "Only this lead day.", in: 0...16, shown: "every lead day")
    static let obs = Option<String?>.text(
      "obs", value: "source", help: "Observation source.",
      default: "the source with most values inside the forecasts' span")
    static let alpha = Option<Double>.number(
      "alpha", value: "level", help: "Level of each segment's CUSUM test.",
      in: 0.000_001...0.5, default: 0.01)
    static let minDays = Option<Int>.integer(
      "min-days", value: "days", help: "The fewest days on either side of a change.",
      in: 3...365, default: 14)
    /// `--threshold`: a finite number; nil when not given.
    static let threshold = Option<Double?>.parsed(
      OptionSpec(
        "threshold", value: "x", help: "Event threshold in the variable's unit (or use --delta)."),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let value = Double(word), value.isFinite else {
        throw InvalidOptionValue(word, expected: "a number", namingValue: true)
      }
      return value
    }
    /// `--op`: nil when not given (ge).
    static let op = Option<LockInOperator?>.parsed(
      OptionSpec(
        "op", value: "op", help: "Event operator: ge, gt, le, lt (or >=, >, <=, <).",
        default: LockInOperator.ge.rawValue),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let op = LockInOperator(argument: word) else {
        throw InvalidOptionValue(
          word, expected: "one of ge, gt, le, lt, >=, >, <=, <", namingValue: true)
      }
      return op
    }
    /// `--delta`: a finite number ≥ 0; nil when not given.
    static let delta = Option<Double?>.parsed(
      OptionSpec(
        "delta", value: "x",
        help: "For a continuous variable: agree when within ±x of the final issue."),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let value = Double(word), value.isFinite, value >= 0 else {
        throw InvalidOptionValue(word, expected: "a number >= 0", namingValue: true)
      }
      return value
    }
  }
}
