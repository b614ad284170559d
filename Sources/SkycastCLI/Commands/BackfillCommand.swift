import Collect
import OpenMeteo
import SkycastModel

/// `skycast backfill`: fetch Previous Runs data, or whole past model runs (`--runs`), and store
/// them as forecast history.
enum BackfillCommand {
  /// `--every`: hours between the runs `--runs` fetches.
  enum RunInterval: String, CaseIterable, Sendable {
    case six = "6h"
    case twelve = "12h"
    case day = "24h"

    var hours: Int {
      switch self {
      case .six: 6
      case .twelve: 12
      case .day: 24
      }
    }
  }

  static let spec = CommandSpec(
    name: "backfill",
    abstract:
      "Fetch Previous Runs data and store it as forecast history with lead times of 24·N hours.",
    discussion: """
      For each hour, Open-Meteo's Previous Runs API keeps what the forecast said 1, 2, … 7 days \
      earlier (<var>_previous_dayN). backfill stores day N as a forecast with source \
      'previous-runs', model 'best_match' (or the one --model names), issued_at = valid time \
      - 24·N h and lead_hours = 24·N, so a study can start today with months of lead-time data (the API has data from \
      about 2024 on). The lead is nominal: the series is blended from the runs available N days \
      before, so 24·N h is a lower bound on the true lead, and there are no per-run snapshots \
      as 'collect' stores. The day-0 series (the analysis) is not requested; use 'observe' for \
      the observed side. Hourly variables only.

      Running it again is safe: rows are keyed on (city, source, model, issued_at, valid_at), \
      values that were not available yet are filled in, and a NULL never replaces a value. \
      Requests cover at most 92 days, are sent one at a time with a pause in proportion to \
      their call weight (free tier: 600 calls/min, 5,000/h, 10,000/day; see --dry-run), and are \
      each stored atomically with their fetch-log row. Exit status 1 when any request failed.

      With --runs, backfill fetches whole past runs of one --model from the Single Runs API \
      instead: each run (00 UTC, and every --every hours after) is stored as it was issued, \
      every hour to its horizon, source 'single-runs', issued_at = the run's initialisation \
      time, so every lead is the true lead from the run. --from and --to are UTC run dates; \
      runs before the model's archive start (ECMWF IFS HRES 2024-03-14, the others 2026-04-02) \
      are refused. Each run is asked to its model's horizon (forecast_hours: ECMWF IFS 360 h \
      from 00/12 UTC and 144 h from 06/18, GFS 384 h, ICON 180/120 h, …; 7 days for a model \
      Skycast has no horizon for; see 'skycast help collecting'). Daily values come only with \
      runs that start at local midnight in the city's zone, as the API gives none for others; \
      none are derived from the hourly values. Runs already stored are skipped, so an \
      interrupted backfill resumes where it stopped; a run the API does not have is one failed \
      fetch row per city.

      Examples:
        skycast backfill --city Berlin --from 2025-01-01 --to 2025-03-31 --days 7
        skycast backfill --runs --model ecmwf_ifs --from 2026-04-02 --to 2026-04-30 --every 12h
      """,
    options: [
      SharedOptions.cities.spec, SharedOptions.from.spec, SharedOptions.to.spec,
      Options.days.spec, Options.runs.spec, Options.model.spec, Options.every.spec,
      Options.dryRun.spec,
    ] + SharedOptions.network([.previousRuns, .singleRuns]),
    rules: [
      .requires(Options.every, oneOf: [Options.runs], "--every goes with --runs"),
      .requires(
        Options.runs, oneOf: [Options.model],
        "--runs needs --model <model> (one model, e.g. ecmwf_ifs)"),
      OptionRule(
        when: [Options.runs, Options.days],
        "--days is the Previous Runs API's; --runs stores whole runs"),
      .values(when: [Options.runs, Options.model], "--runs takes a model with single runs") {
        invocation in
        invocation[Options.model].flatMap { SingleRunsRequestOptions.blendProblem(model: $0) }
      },
      .values(
        when: [Options.runs, Options.model], "--runs stores runs of the archive, up to today"
      ) { invocation in
        guard let model = invocation[Options.model],
          let dates = (try? invocation.dateRange(required: true)) ?? nil
        else { return nil }
        let start = SingleRunsRequestOptions.archiveStart(model: model)
        guard dates.lowerBound >= start else {
          return
            "--from \(dates.lowerBound) is before the Single Runs archive of \(model), which starts on \(start)"
        }
        let today = LocalDate(
          dayNumber: WallClock.floorDivide(invocation.context.nowEpoch, 86_400).quotient)
        guard dates.upperBound <= today else {
          return "--to \(dates.upperBound) is after today (\(today), UTC): no such runs yet"
        }
        return nil
      },
    ],
    run: { try await run($0) })

  static func run(_ invocation: Invocation) async throws -> Int32 {
    guard let dates = try invocation.dateRange(required: true) else { return ExitStatus.usage }
    if invocation[Options.runs] { return try await runs(invocation, dates: dates) }
    var options = PreviousRunsRequestOptions()
    options.days = try invocation[Options.days]
    if let model = invocation[Options.model] { options.model = model }
    let store = try invocation.openStore()
    let cities = try invocation.cities(in: store)
    let client = try invocation.makeClient()
    if invocation[Options.dryRun] {
      return try HistoryCommandSupport.dryRun(
        invocation, cities: cities, chunkDays: options.chunkDays, available: { _ in dates },
        request: { options.request(for: $0, dates: $1, base: client.endpoints.previousRuns) })
    }
    let reporter = FetchReporter(invocation: invocation, kind: .previousRuns)
    let outcomes = try await FetchPipeline(
      store: store, client: client, product: PreviousRunsProduct(options: options),
      now: { invocation.context.nowEpoch }, onEvent: reporter.onEvent
    ).fetch(cities.map { ($0, dates) })
    let leads = options.days == 1 ? "24 h" : "24-\(24 * options.days) h"
    return reporter.summary(outcomes) { counts in
      "\(counts.hourly) hourly forecast rows at leads \(leads) (\(counts.inserted) new)"
    }
  }

  /// `backfill --runs`: whole past runs of one model.
  static func runs(_ invocation: Invocation, dates: ClosedRange<LocalDate>) async throws -> Int32 {
    // The declared rules leave one model with single runs, archived over these dates.
    guard let model = invocation[Options.model] else {
      throw invocation.ruleNotChecked("--runs without --model")
    }
    var options = SingleRunsRequestOptions(model: model)
    options.everyHours = try invocation[Options.every].hours
    let runs = options.runs(from: dates.lowerBound, to: dates.upperBound).filter {
      $0 <= invocation.context.nowEpoch
    }
    let store = try invocation.openStore()
    let cities = try invocation.cities(in: store)
    let client = try invocation.makeClient()
    let batchSize = ForecastProduct.defaultBatchSize
    if invocation[Options.dryRun] {
      var requests: [APIRequest] = []
      for run in runs {
        for batch in SingleRunsRequestOptions.batches(cities, run: run, size: batchSize) {
          let request = options.request(
            for: batch.cities, run: run, base: client.endpoints.singleRuns)
          requests.append(request)
          try HistoryCommandSupport.list(
            request, invocation: invocation,
            label:
              "run \(SingleRunsRequestOptions.runText(run))Z, \(batch.cities.count) cit\(batch.cities.count == 1 ? "y" : "ies")",
            bound: true)
        }
      }
      try HistoryCommandSupport.total(
        requests, invocation: invocation, runs: runs.count, bound: true)
      return ExitStatus.success
    }
    let reporter = FetchReporter(invocation: invocation, kind: .singleRuns)
    let outcomes = try await FetchPipeline(
      store: store, client: client, product: SingleRunsProduct(options: options),
      now: { invocation.context.nowEpoch }, onEvent: reporter.onEvent
    ).backfillRuns(cities: cities, runs: runs, batchSize: batchSize)
    return reporter.runsSummary(outcomes, model: model)
  }
}

extension BackfillCommand {
  /// The options of `backfill`, each declared once with its type and default.
  enum Options {
    static let days = Option<Int>.integer(
      "days", value: "days", help: "Lead days to fetch, 1-7 (previous_day1 … previous_dayN).",
      in: 1...7, default: 7)
    static let runs = Flag(
      "runs", help: "Fetch whole past runs of --model from the Single Runs API (true leads).")
    static let model = Option<String?>.text(
      "model", value: "model",
      help: "The model to fetch; needed with --runs (Previous Runs: best_match, the API's blend).")
    static let every = Option<RunInterval>.choice(
      "every", value: "hours", help: "With --runs: hours between runs, from 00 UTC.",
      default: .day)
    static let dryRun = Flag(
      "dry-run", help: "Print the request URLs (without API key) and call weights; fetch nothing.")
  }
}
