import Export
import OpenMeteo
import SkycastModel
import Store

/// Option groups several commands share, declared once so help text stays identical.
enum SharedOptions {
  /// `--format` and `-o` for commands with tabular output.
  static let output = output(formats: FormatChoice.tables)

  /// `--format` (one of `formats`) and `-o`.
  static func output(formats: [FormatChoice]) -> [OptionSpec] {
    [format(formats).spec] + outputFile(figures: formats.contains(.tikz))
  }

  /// `--format`, one of `formats`: the word as given (each command turns it into what it
  /// writes; `Invocation.outputFormat(allowed:)` for tables).
  static func format(_ formats: [FormatChoice] = FormatChoice.tables) -> Option<String?> {
    let names = formats.map(\.rawValue)
    var spec = OptionSpec(
      "format", value: "format",
      help: "Output format: \(names.dropLast().joined(separator: ", ")) or \(names.last!).",
      default: "table on a terminal, csv otherwise")
    spec.valueType = .choice(names)
    return Option(spec) { invocation, spec in invocation.texts(spec).last }
  }

  static let outputPath = Option<String?>.text(
    "output", short: "o", value: "file", help: "Write data to a file instead of standard output.")
  static let columns = Option<[String]>.list(
    "columns", value: "names",
    help: "Only these columns, in this order (comma-separated; a score keeps its interval columns)."
  )
  static let standalone = Flag(
    "standalone",
    help: "With --format latex: a whole document pdflatex compiles, not just the table float.")
  static let caption = Option<String?>.text(
    "caption", value: "text",
    help: "With --format latex: the table's caption (default: what the table shows).")
  static let label = Option<String?>.text(
    "label", value: "key",
    help: "With --format latex: the \\label key (default: tab:skycast-COMMAND).")

  /// `--excel-locale` (declared by `export`; every row writer reads it).
  static let excelLocale = Option<SpreadsheetLocale>.choice(
    "excel-locale", value: "locale",
    help:
      "With --excel: the spreadsheet's locale; de, fr, es, it, nl, pt, pl, ru and sv get ';' between fields and a decimal comma.",
    default: .en)

  /// `-o` and `--standalone`, the rest of ``output``; `--standalone` also names the TikZ
  /// figure's document where the command draws one.
  private static func outputFile(figures: Bool) -> [OptionSpec] {
    let document =
      figures
      ? standalone.help(
        "With --format latex: a whole document pdflatex compiles, not just the table float; with --format tikz: a standalone document of the figure."
      ) : standalone
    return [outputPath.spec, columns.spec, document.spec, caption.spec, label.spec]
  }

  // MARK: - Global options

  /// `--db`: every command's database file.
  static let dbPath = Option<String?>.text(
    "db", value: "path", help: "The database file (env SKYCAST_DB).",
    default: "$XDG_DATA_HOME/skycast/skycast.sqlite")
  static let quiet = Flag("quiet", short: "q", help: "Print only data, warnings and errors.")
  static let verbose = Flag(
    "verbose", short: "v", help: "Also print request URLs (without the API key) and details.")
  static let noColor = Flag(
    "no-color",
    help: "Never use colour (also off when NO_COLOR is set or output is not a terminal).")
  static let help = Flag("help", short: "h", help: "Show help information.")
  static let version = Flag("version", help: "Show the version.")

  /// The Open-Meteo APIs a command can call, each with its base-URL option.
  enum API: CaseIterable {
    case forecast, archive, geocoding, previousRuns, singleRuns, historicalForecast

    var option: Option<String?> {
      switch self {
      case .forecast:
        .text(
          "forecast-url", value: "url", help: "Forecast API base URL (env SKYCAST_FORECAST_URL).",
          default: "https://api.open-meteo.com")
      case .archive:
        .text(
          "archive-url", value: "url", help: "Archive API base URL (env SKYCAST_ARCHIVE_URL).",
          default: "https://archive-api.open-meteo.com")
      case .geocoding:
        .text(
          "geocoding-url", value: "url",
          help: "Geocoding API base URL (env SKYCAST_GEOCODING_URL).",
          default: "https://geocoding-api.open-meteo.com")
      case .previousRuns:
        .text(
          "previous-runs-url", value: "url",
          help: "Previous Runs API base URL (env SKYCAST_PREVIOUS_RUNS_URL).",
          default: "https://previous-runs-api.open-meteo.com")
      case .singleRuns:
        .text(
          "single-runs-url", value: "url",
          help: "Single Runs API base URL (env SKYCAST_SINGLE_RUNS_URL).",
          default: Endpoints.defaultSingleRuns)
      case .historicalForecast:
        .text(
          "historical-forecast-url", value: "url",
          help: "Historical Forecast API base URL (env SKYCAST_HISTORICAL_FORECAST_URL).",
          default: Endpoints.defaultHistoricalForecast)
      }
    }
  }

  /// Base URLs of the APIs a command calls (only those: a command offers no option it would
  /// ignore), then timeout and retries with `defaults` as the documented timeout, retries and
  /// budget.
  static func network(_ apis: [API], defaults policy: RetryPolicy = RetryPolicy()) -> [OptionSpec] {
    apis.map(\.option.spec) + [
      timeout.help("Give up on a request after this many seconds.").spec.shown(
        HTTPClient.seconds(policy.timeout).replacingOccurrences(of: " s", with: "")),
      retries.help(
        "Retries after timeouts, 429, 5xx and undecodable bodies (never after 400). "
          + "A request takes \(policy.budgetText) (attempts × timeout + backoff"
          + (policy.retries > 0
            ? "; a 429 \"Minutely\" reply adds its \(HTTPClient.seconds(policy.minutelyWait)) wait)."
            : ").")
      ).spec.shown(String(policy.retries)),
    ]
  }

  /// `--ensemble-url`, for the commands that collect ensembles.
  static let ensembleURL = Option<String?>.text(
    "ensemble-url", value: "url", help: "Ensemble API base URL (env SKYCAST_ENSEMBLE_URL).",
    default: Endpoints.defaultEnsemble)

  /// `--timeout`: seconds before a request is given up (the command's policy when not given).
  static let timeout = Option<Double?>.number(
    "timeout", value: "seconds", help: "Give up on a request after this many seconds.",
    in: 0.1...600)
  /// `--retries`: retries after transient failures (the command's policy when not given).
  static let retries = Option<Int?>.integer(
    "retries", value: "n", help: "Retries after timeouts, 429, 5xx and undecodable bodies.",
    in: 0...10)

  /// `--city`, repeatable.
  static let cities = Option<[String]>.repeated(
    "city", value: "city", help: "A saved city: id, name or \"Name, Admin1\". Repeat for several.",
    default: "all saved cities")

  /// `--city`, single.
  static let city = Option<String?>.text(
    "city", value: "city", help: "A saved city: id, name or \"Name, Admin1\".")

  static let from = Option<LocalDate?>.date(
    "from", help: "First local date, YYYY-MM-DD (inclusive).")
  static let to = Option<LocalDate?>.date("to", help: "Last local date, YYYY-MM-DD (inclusive).")
}

extension Invocation {
  /// `url` when it is an http(s) URL, else the usage error naming `--flag`.
  func checkedURL(_ url: String, flag: String) throws -> String {
    guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
      throw usage(
        "The value '\(url)' is invalid for '--\(flag)': expected a URL such as http://127.0.0.1:8080"
      )
    }
    return url
  }

  /// The HTTP client for this invocation: base URLs from flags > environment > defaults, the
  /// context's sleeper between retries, and `-v` request logging on stderr.
  /// `defaults` is the command's policy before `--timeout` and `--retries`.
  ///
  /// `bodyLimit`: the largest reply accepted (Open-Meteo's cap unless a command needs more:
  /// station files).
  func makeClient(
    defaults: RetryPolicy = RetryPolicy(), bodyLimit: Int = ResponseLimits.maximumBodyBytes
  ) throws -> HTTPClient {
    var endpoints = Endpoints.from(environment: context.environment)
    for (option, keyPath) in [
      (SharedOptions.API.forecast.option, \Endpoints.forecast),
      (SharedOptions.API.archive.option, \Endpoints.archive),
      (SharedOptions.API.geocoding.option, \Endpoints.geocoding),
      (SharedOptions.API.previousRuns.option, \Endpoints.previousRuns),
      (SharedOptions.ensembleURL, \Endpoints.ensemble),
      (SharedOptions.API.singleRuns.option, \Endpoints.singleRuns),
      (SharedOptions.API.historicalForecast.option, \Endpoints.historicalForecast),
    ] as [(Option<String?>, WritableKeyPath<Endpoints, String>)] {
      if let url = self[option] {
        endpoints[keyPath: keyPath] = try checkedURL(url, flag: option.spec.name)
      }
    }
    var policy = defaults
    if let timeout = try self[SharedOptions.timeout] { policy.timeout = timeout }
    if let retries = try self[SharedOptions.retries] { policy.retries = retries }
    let verbose = self.verbose
    let sink = context.stderr
    let now = context.now
    return HTTPClient(
      endpoints: endpoints, policy: policy, sleep: context.sleep,
      log: { message in
        guard verbose else { return }
        // Retry lines quote the server's reason: escaped like every other diagnostic.
        var line = TerminalSafe.escape(message) + "\n"
        line.withUTF8 { try? sink.write(UnsafeRawBufferPointer($0)) }
      },
      clock: { Int64(now().timeIntervalSince1970.rounded(.down)) }, plainTransport: nil,
      bodyLimit: bodyLimit)
  }

  /// An observation-source problem as the CLI reports it: naming an unknown source or leaving
  /// an ambiguous choice is a usage error (64); having no observations at all is a failure (1).
  func failure(_ error: ObservationSourceError, choosingWith option: String) -> CLIError {
    switch error {
    case .none: .failure(error.message(choosingWith: option))
    case .ambiguous, .unknown: usage(error.message(choosingWith: option))
    }
  }

  /// Resolves `--city` (repeatable) against the store: all cities when none given.
  /// No saved city at all is a state of the data, not a mistake on the command line: exit 1
  /// without a usage block. The cities' labels are kept for progress lines (see `label(_:)`).
  func cities(in store: Store) throws -> [City] {
    do {
      let cities = try store.resolveCities(self[SharedOptions.cities])
      cityLabels = City.labels(try store.cities())
      return cities
    } catch CityReferenceError.noCities {
      throw CLIError.failure(CityReferenceError.noCities.description)
    }
  }
}

extension Invocation {
  /// `Unknown variable 'temprature_2m' (see 'skycast vars'); did you mean 'temperature_2m'?`:
  /// one suggestion from `candidates` instead of a list of them all.
  func unknownVariable(_ name: String, in candidates: [WeatherVariable], for context: String = "")
    -> CLIError
  {
    let names = candidates.map(\.column).reduce(into: [String]()) { result, name in
      if !result.contains(name) { result.append(name) }
    }
    return usage(
      "Unknown variable '\(TerminalSafe.escape(name))'\(context) (see 'skycast vars')"
        + Suggestion.phrase(for: name, in: names))
  }
}
