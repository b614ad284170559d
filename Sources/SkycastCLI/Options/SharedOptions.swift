import OpenMeteo
import SkycastModel
import Store

/// Option groups several commands share, declared once so help text stays identical.
enum SharedOptions {
  /// `--format` and `-o` for commands with tabular output.
  static let output = output(formats: FormatChoice.tables)

  /// `--format` (one of `formats`) and `-o`.
  static func output(formats: [FormatChoice]) -> [OptionSpec] {
    let names = formats.map(\.rawValue)
    var format = OptionSpec(
      "format", value: "format",
      help: "Output format: \(names.dropLast().joined(separator: ", ")) or \(names.last!).",
      default: "table on a terminal, csv otherwise")
    format.valueType = .choice(names)
    return [format] + outputFile
  }

  /// `-o` and `--standalone`, the rest of ``output``.
  private static let outputFile: [OptionSpec] = [
    OptionSpec(
      "output", short: "o", value: "file", help: "Write data to a file instead of standard output."),
    OptionSpec(
      "columns", value: "names",
      help:
        "Only these columns, in this order (comma-separated; a score keeps its interval columns).",
      repeating: true),
    .flag(
      "standalone",
      help: "With --format latex: a whole document pdflatex compiles, not just the table float."),
    OptionSpec(
      "caption", value: "text",
      help: "With --format latex: the table's caption (default: what the table shows)."),
    OptionSpec(
      "label", value: "key",
      help: "With --format latex: the \\label key (default: tab:skycast-COMMAND)."),
  ]

  /// The Open-Meteo APIs a command can call, each with its base-URL option.
  enum API: CaseIterable {
    case forecast, archive, geocoding, previousRuns, singleRuns, historicalForecast

    var option: OptionSpec {
      switch self {
      case .forecast:
        OptionSpec(
          "forecast-url", value: "url", help: "Forecast API base URL (env SKYCAST_FORECAST_URL).",
          default: "https://api.open-meteo.com")
      case .archive:
        OptionSpec(
          "archive-url", value: "url", help: "Archive API base URL (env SKYCAST_ARCHIVE_URL).",
          default: "https://archive-api.open-meteo.com")
      case .geocoding:
        OptionSpec(
          "geocoding-url", value: "url",
          help: "Geocoding API base URL (env SKYCAST_GEOCODING_URL).",
          default: "https://geocoding-api.open-meteo.com")
      case .previousRuns:
        OptionSpec(
          "previous-runs-url", value: "url",
          help: "Previous Runs API base URL (env SKYCAST_PREVIOUS_RUNS_URL).",
          default: "https://previous-runs-api.open-meteo.com")
      case .singleRuns:
        OptionSpec(
          "single-runs-url", value: "url",
          help: "Single Runs API base URL (env SKYCAST_SINGLE_RUNS_URL).",
          default: Endpoints.defaultSingleRuns)
      case .historicalForecast:
        OptionSpec(
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
    apis.map(\.option) + [
      OptionSpec(
        "timeout", value: "seconds", help: "Give up on a request after this many seconds.",
        default: HTTPClient.seconds(policy.timeout).replacingOccurrences(of: " s", with: "")),
      OptionSpec(
        "retries", value: "n",
        help: "Retries after timeouts, 429, 5xx and undecodable bodies (never after 400). "
          + "A request takes \(policy.budgetText) (attempts × timeout + backoff"
          + (policy.retries > 0
            ? "; a 429 \"Minutely\" reply adds its \(HTTPClient.seconds(policy.minutelyWait)) wait)."
            : ")."),
        default: String(policy.retries)),
    ]
  }

  /// `--city`, repeatable.
  static let cities = OptionSpec(
    "city", value: "city", help: "A saved city: id, name or \"Name, Admin1\". Repeat for several.",
    repeating: true, default: "all saved cities")

  /// `--city`, single.
  static let city = OptionSpec(
    "city", value: "city", help: "A saved city: id, name or \"Name, Admin1\".")

  static let from = OptionSpec(
    "from", value: "date", help: "First local date, YYYY-MM-DD (inclusive).")
  static let to = OptionSpec("to", value: "date", help: "Last local date, YYYY-MM-DD (inclusive).")
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
    for (flag, keyPath) in [
      ("forecast-url", \Endpoints.forecast), ("archive-url", \Endpoints.archive),
      ("geocoding-url", \Endpoints.geocoding), ("previous-runs-url", \Endpoints.previousRuns),
      ("ensemble-url", \Endpoints.ensemble), ("single-runs-url", \Endpoints.singleRuns),
      ("historical-forecast-url", \Endpoints.historicalForecast),
    ] as [(String, WritableKeyPath<Endpoints, String>)] {
      if let url = string(flag) { endpoints[keyPath: keyPath] = try checkedURL(url, flag: flag) }
    }
    var policy = defaults
    if let timeout = try double("timeout", in: 0.1...600) { policy.timeout = timeout }
    if let retries = try int("retries", in: 0...10) { policy.retries = retries }
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
      let cities = try store.resolveCities(strings("city"))
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
