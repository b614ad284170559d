import Collect

/// `skycast backfill`: fetch Previous Runs data and store it as forecast history.
enum BackfillCommand {
  static let spec = CommandSpec(
    name: "backfill",
    abstract:
      "Fetch Previous Runs data and store it as forecast history with lead times of 24·N hours.",
    discussion: """
      For each hour, Open-Meteo's Previous Runs API keeps what the forecast said 1, 2, … 7 days \
      earlier (<var>_previous_dayN). backfill stores day N as a forecast with source \
      'previous-runs', model 'best_match', issued_at = valid time - 24·N h and lead_hours = \
      24·N, so a study can start today with months of lead-time data (the API has data from \
      about 2024 on). The lead is nominal: the series is blended from the runs available N days \
      before, so 24·N h is a lower bound on the true lead, and there are no per-run snapshots \
      as 'collect' stores. The day-0 series (the analysis) is not requested; use 'observe' for \
      the observed side. Hourly variables only.

      Running it again is safe: rows are keyed on (city, source, model, issued_at, valid_at), \
      values that were not available yet are filled in, and a NULL never replaces a value. \
      Requests cover at most 92 days, are sent one at a time with a pause in proportion to \
      their call weight (free tier: 600 calls/min, 5,000/h, 10,000/day; see --dry-run), and are \
      each stored atomically with their fetch-log row. Exit status 1 when any request failed.

      Example:
        skycast backfill --city Berlin --from 2025-01-01 --to 2025-03-31 --days 7
      """,
    options: [
      SharedOptions.cities, SharedOptions.from, SharedOptions.to,
      .typed(
        "days", value: "days", help: "Lead days to fetch, 1-7 (previous_day1 … previous_dayN).",
        type: .integer(1...7), default: "7"),
      .flag(
        "dry-run", help: "Print the request URLs (without API key) and call weights; fetch nothing."
      ),
    ] + SharedOptions.network([.previousRuns]),
    run: { try await run($0) })

  static func run(_ invocation: Invocation) async throws -> Int32 {
    guard let dates = try invocation.dateRange(required: true) else { return ExitStatus.usage }
    var options = PreviousRunsRequestOptions()
    options.days = try invocation.intValue("days")
    let store = try invocation.openStore()
    let cities = try invocation.cities(in: store)
    let client = try invocation.makeClient()
    if invocation.flag("dry-run") {
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
}
