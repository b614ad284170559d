import Collect
import SkycastModel
import Store
import Views

/// The one reporter of the fetching commands (`collect`, `collect --ensemble`, `observe`,
/// `backfill`, `now --refresh`): the progress line of each request on a terminal, decoder remarks
/// with `-v`, alerts as warnings, then a line per city (or per request of a date range) and the
/// summary, or for `now --refresh` the refresh's result.
struct FetchReporter {
  /// Which command reports, for its words.
  enum Kind {
    case forecast, ensemble, archive, previousRuns, singleRuns
    /// `now --refresh`: one progress line and nothing else while fetching, since the view follows.
    case refresh
  }

  let invocation: Invocation
  let kind: Kind
  /// What the replies weighed, for the line before the summary.
  let transfers = TransferTally()

  /// `collecting 1-10/12`, `observing 3/8`.
  var progressVerb: String {
    switch kind {
    case .forecast, .refresh: "collecting"
    case .ensemble: "collecting ensembles"
    case .archive: "observing"
    case .previousRuns, .singleRuns: "backfilling"
    }
  }

  /// The summary's verb.
  var doneVerb: String {
    switch kind {
    case .forecast, .ensemble, .refresh: "collected"
    case .archive: "observed"
    case .previousRuns, .singleRuns: "backfilled"
    }
  }

  /// What a lock wait is waiting to store.
  var fetchedNoun: String {
    switch kind {
    case .forecast, .refresh: "forecast"
    case .ensemble: "ensemble"
    case .archive: "observations"
    case .previousRuns: "previous runs"
    case .singleRuns: "model runs"
    }
  }

  /// The pipeline's event handler.
  var onEvent: (FetchEvent) -> Void { { handle($0) } }

  func handle(_ event: FetchEvent) {
    switch (kind, event) {
    case (.refresh, .requesting(let cities, _, _, _)):
      // On a terminal only: the wait is short, but silence would look like a hang.
      invocation.progress(
        "refreshing the forecast for \(cities.map(\.name).joined(separator: ", "))…")
    case (_, .transferred(let body, let wire)):
      transfers.add(bodyBytes: body, wireBytes: wire)
    case (.refresh, _):
      break
    case (_, .requesting(let cities, let dates?, let index, let total)):
      invocation.progress(
        "\(progressVerb) \(index + 1)/\(total): \(names(cities)) \(dates.lowerBound)…\(dates.upperBound)…"
      )
    case (_, .requesting(let cities, nil, let index, let total)):
      invocation.progress(
        "\(progressVerb) \(index + 1)-\(index + cities.count)/\(total): \(names(cities))…")
    case (_, .decodeWarning(let city, let message)):
      invocation.detail("\(invocation.label(city)): \(message)")
    case (_, .alert(let city, let message)):
      invocation.warn("\(invocation.label(city)): \(message)")
    case (_, .writeRetry(let cities, let attempt)):
      invocation.detail(
        "\(names(cities)): the database is locked by another process; waiting to store the fetched "
          + "\(fetchedNoun) (try \(attempt + 1))")
    }
  }

  private func names(_ cities: [City]) -> String {
    cities.map(invocation.label).joined(separator: ", ")
  }

  /// `collect`'s per-city lines and summary; exit 1 when any city failed.
  func summary(_ outcomes: [FetchOutcome<ForecastCounts>]) -> Int32 {
    invocation.endProgress()
    var collected = 0
    var skipped = 0
    var failures: [String] = []
    for outcome in outcomes {
      if case .stored = outcome.status { collected += 1 }
      if case .skipped = outcome.status { skipped += 1 }
      failures += say(outcome) {
        "stored \($0.rows) rows\($0.fetches > 1 ? " from \($0.fetches) models" : "")"
      }
    }
    var summary =
      "\(doneVerb) \(collected)/\(outcomes.count) \(outcomes.count == 1 ? "city" : "cities")"
    if skipped > 0 { summary += ", \(skipped) skipped" }
    return finish(summary, failures: failures, separator: ", ")
  }

  /// `observe`'s and `backfill`'s line per request and summary; exit 1 when any request failed
  /// or was not attempted.
  func summary(_ outcomes: [FetchOutcome<HistoryCounts>], describe: (HistoryCounts) -> String)
    -> Int32
  {
    invocation.endProgress()
    var total = HistoryCounts()
    var requests = 0
    var failures: [String] = []
    var citiesSeen: [Int64] = []
    var failedCities: Set<Int64> = []
    for outcome in outcomes {
      if !citiesSeen.contains(outcome.city.id) { citiesSeen.append(outcome.city.id) }
      switch outcome.status {
      case .stored(let counts):
        requests += 1
        total = total + counts
      case .failed:
        requests += 1
      case .skipped, .notAttempted: break
      }
      if outcome.isFailure { failedCities.insert(outcome.city.id) }
      failures += say(outcome, describe)
    }
    let cityCount = citiesSeen.count
    let summary =
      "\(doneVerb) \(cityCount - failedCities.count)/\(cityCount) \(cityCount == 1 ? "city" : "cities")"
      + " in \(requests) request\(requests == 1 ? "" : "s"): \(describe(total))"
    return finish(summary, failures: failures, separator: "; ")
  }

  /// `backfill --runs`' line per city and run, and the summary: runs stored, skipped as already
  /// stored, failed; exit 1 when any failed or was not attempted.
  func runsSummary(_ outcomes: [FetchOutcome<ForecastCounts>], model: String) -> Int32 {
    invocation.endProgress()
    var stored = 0
    var skipped = 0
    var rows = 0
    var failures: [String] = []
    for outcome in outcomes {
      switch outcome.status {
      case .stored(let counts):
        stored += 1
        rows += counts.rows
      case .skipped: skipped += 1
      case .failed, .notAttempted: break
      }
      failures += say(outcome) { "stored \($0.rows) rows" }
    }
    var summary =
      "backfilled \(stored) run\(stored == 1 ? "" : "s") of \(model) (city × run): \(rows) forecast rows, source \(FetchSource.singleRuns)"
    if skipped > 0 { summary += ", \(skipped) already stored" }
    return finish(summary, failures: failures, separator: "; ")
  }

  /// `now --refresh`'s result: the failure in words, or nil when fresh data is stored (or none
  /// was needed, which is said).
  func refreshed(_ outcomes: [FetchOutcome<ForecastCounts>]) -> String? {
    invocation.endProgress()
    switch outcomes.first?.status {
    case .skipped(.fresh(let age))?:
      invocation.info(
        "forecast fetched \(RelativeAge.text(seconds: age)); not refreshing (under \(FreshnessRule.defaultInterval / 60) min old)"
      )
      return nil
    case .stored?, .skipped?: return nil
    case .failed(let error)?: return error.description
    case .notAttempted(let reason)?: return reason
    case nil: return "no request was made"
    }
  }

  /// The outcome's line; its entry in the summary's list of failures, if it is one.
  private func say<Counts>(_ outcome: FetchOutcome<Counts>, _ describe: (Counts) -> String)
    -> [String]
  {
    let label =
      outcome.datesText.map { "\(invocation.label(outcome.city)) \($0)" }
      ?? invocation.label(outcome.city)
    switch outcome.status {
    case .stored(let counts):
      invocation.info("\(label): \(describe(counts))")
    case .skipped(let reason):
      invocation.info("\(label): skipped (\(skipText(reason)))")
    case .failed(let error):
      invocation.note("\(label): failed: \(error)")
      return ["\(label) (\(error))"]
    case .notAttempted(let reason):
      invocation.note("\(label): not attempted: \(reason)")
      return ["\(label) (not attempted: \(reason))"]
    }
    return []
  }

  /// The summary, said as a failure (exit 1) when anything failed.
  private func finish(_ summary: String, failures: [String], separator: String) -> Int32 {
    if let transfer = transfers.line {
      if transfer.compressed {
        invocation.info(transfer.text)
      } else {
        invocation.detail(transfer.text)
      }
    }
    guard failures.isEmpty else {
      invocation.note(
        summary + "\(separator)\(failures.count) failed: " + failures.joined(separator: "; "))
      return ExitStatus.failure
    }
    invocation.info(summary)
    return ExitStatus.success
  }

  /// Why a city was skipped, in words, with the flag that overrides it.
  func skipText(_ reason: SkipReason) -> String {
    switch reason {
    case .fresh(let age):
      "\(kind == .ensemble ? "ensemble " : "")fetched \(Self.age(age)) ago; --force to fetch anyway"
    case .storedByAnotherRun: "another run stored it first"
    case .unavailable(let reason): reason
    case .alreadyStored: "already stored"
    }
  }

  /// `12 min`, `3 h`, `2 days`.
  static func age(_ seconds: Int64) -> String {
    switch seconds {
    case ..<90: "\(max(0, seconds)) s"
    case ..<5400: "\(seconds / 60) min"
    case ..<(2 * 86_400): "\(seconds / 3600) h"
    default: "\(seconds / 86_400) days"
    }
  }
}
