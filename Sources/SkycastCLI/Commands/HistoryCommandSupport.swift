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
}
