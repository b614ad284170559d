import Collect
import OpenMeteo
import SkycastModel

/// What `observe` and `backfill` share besides `FetchReporter`: the dry run.
enum HistoryCommandSupport {
  /// Prints each request's URL (without key) and call weight, and the total.
  ///
  /// - Parameter available: the part of the range a city would be asked for (nil: nothing).
  static func dryRun(
    _ invocation: Invocation, cities: [City], chunkDays: Int,
    available: (City) -> ClosedRange<LocalDate>?,
    request: (City, ClosedRange<LocalDate>) -> APIRequest
  ) throws -> Int32 {
    var requests: [APIRequest] = []
    for city in cities {
      guard let dates = available(city) else {
        try invocation.say("    \(invocation.label(city)): nothing to fetch")
        continue
      }
      for chunk in dates.chunked(days: chunkDays) {
        let built = request(city, chunk)
        requests.append(built)
        try list(
          built, invocation: invocation,
          label: "\(invocation.label(city)) \(chunk.lowerBound)…\(chunk.upperBound)")
      }
    }
    try total(requests, invocation: invocation)
    return ExitStatus.success
  }

  /// A dry run's line for one request: its URL (without key) on standard output, what it asks
  /// for and its call weight (`at most` when the weight is an upper bound) on standard error.
  static func list(
    _ request: APIRequest, invocation: Invocation, label: String, bound: Bool = false
  ) throws {
    try invocation.stdout.line("GET \(request.displayURL)")
    try invocation.say(
      "    \(label); weight \(bound ? "at most " : "")\(NumberText.fixed(request.weight, decimals: 1)) calls"
    )
  }

  /// A dry run's last line: the requests, their total weight and the free tier's quotas.
  static func total(
    _ requests: [APIRequest], invocation: Invocation, runs: Int? = nil, bound: Bool = false
  ) throws {
    let count = requests.count
    let total = requests.reduce(0) { $0 + $1.weight }
    let forRuns = runs.map { " for \($0) run\($0 == 1 ? "" : "s")" } ?? ""
    try invocation.stdout.line(
      "\(count) request\(count == 1 ? "" : "s")\(forRuns), total weight\(bound ? " at most" : ":") \(NumberText.fixed(total, decimals: 1)) calls (free tier: 600/min, 5,000/h, 10,000/day)"
    )
  }
}
