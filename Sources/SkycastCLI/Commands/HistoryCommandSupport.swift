import Collect
import OpenMeteo
import SkycastModel

/// What `observe` and `backfill` share: the dry run, progress and the summary.
enum HistoryCommandSupport {
  /// Prints each request's URL (without key) and call weight, and the total.
  ///
  /// - Parameter available: the part of the range a city would be asked for (nil: nothing).
  static func dryRun(
    _ invocation: Invocation, cities: [City], chunkDays: Int,
    available: (City) -> ClosedRange<LocalDate>?,
    request: (City, ClosedRange<LocalDate>) -> APIRequest
  ) throws -> Int32 {
    var total = 0.0
    var count = 0
    for city in cities {
      guard let dates = available(city) else {
        try invocation.say("    \(invocation.label(city)): nothing to fetch")
        continue
      }
      for chunk in dates.chunked(days: chunkDays) {
        let built = request(city, chunk)
        total += built.weight
        count += 1
        try invocation.stdout.line("GET \(built.displayURL)")
        try invocation.say(
          "    \(invocation.label(city)) \(chunk.lowerBound)…\(chunk.upperBound); weight \(NumberText.fixed(built.weight, decimals: 1)) calls"
        )
      }
    }
    try invocation.stdout.line(
      "\(count) request\(count == 1 ? "" : "s"), total weight: \(NumberText.fixed(total, decimals: 1)) calls (free tier: 600/min, 5,000/h, 10,000/day)"
    )
    return ExitStatus.success
  }

  /// Progress on a terminal, decoder remarks with `-v`.
  static func eventHandler(_ invocation: Invocation, verb: String) -> (HistoryEvent) -> Void {
    { event in
      switch event {
      case .requesting(let city, let dates, let index, let total):
        invocation.progress(
          "\(verb) \(index + 1)/\(total): \(invocation.label(city)) \(dates.lowerBound)…\(dates.upperBound)…"
        )
      case .decodeWarning(let city, let message):
        invocation.detail("\(invocation.label(city)): \(message)")
      case .alert(let city, let message):
        invocation.warn("\(invocation.label(city)): \(message)")
      }
    }
  }

  /// One line per request, then the summary; exit 1 when any request failed or was not
  /// attempted.
  static func report(
    _ outcomes: [HistoryOutcome], invocation: Invocation, verb: String,
    describe: (HistoryCounts) -> String
  ) -> Int32 {
    var total = HistoryCounts()
    var requests = 0
    var failures: [String] = []
    var citiesSeen: [Int64] = []
    var failedCities: Set<Int64> = []
    for outcome in outcomes {
      if !citiesSeen.contains(outcome.city.id) { citiesSeen.append(outcome.city.id) }
      let label = "\(invocation.label(outcome.city)) \(outcome.datesText)"
      switch outcome.status {
      case .stored(let counts):
        requests += 1
        total = total + counts
        invocation.info("\(label): \(describe(counts))")
      case .skipped(let reason):
        invocation.info("\(label): skipped (\(reason))")
      case .failed(let error):
        requests += 1
        failedCities.insert(outcome.city.id)
        failures.append("\(label) (\(error))")
        invocation.note("\(label): failed: \(error)")
      case .notAttempted(let reason):
        failedCities.insert(outcome.city.id)
        failures.append("\(label) (not attempted: \(reason))")
        invocation.note("\(label): not attempted: \(reason)")
      }
    }
    let cityCount = citiesSeen.count
    var summary =
      "\(verb) \(cityCount - failedCities.count)/\(cityCount) \(cityCount == 1 ? "city" : "cities")"
      + " in \(requests) request\(requests == 1 ? "" : "s"): \(describe(total))"
    guard failures.isEmpty else {
      summary += "; \(failures.count) failed: " + failures.joined(separator: "; ")
      invocation.note(summary)
      return ExitStatus.failure
    }
    invocation.info(summary)
    return ExitStatus.success
  }
}
