import SkycastModel

/// The times a reply may hold: those of the period asked for (plus the model's horizon for a
/// run). A Historical Forecast, ERA5 or Single Runs reply with an hour in 2199, or a single run
/// dated two days before its initialisation, is refused whole with the count and an example,
/// never stored as observations of another time or forecasts of a negative lead.
package struct ReplyPeriod: Sendable, Equatable {
  /// The UTC instants hourly steps may have.
  package var instants: Range<Int64>
  /// The local dates daily steps may have.
  package var dates: ClosedRange<LocalDate>
  /// What was asked, for the message (`2026-03-01…2026-03-07`, `the run 2026-04-02T06:00Z`).
  package var asked: String

  /// The longest run of any model Open-Meteo serves, with a day's margin: 17 days.
  package static let longestHorizonDays = 17

  /// A history request's local `dates`: hourly steps inside them, a day's margin on each side
  /// for the reply's offset; daily steps exactly them.
  package static func history(_ dates: ClosedRange<LocalDate>) -> ReplyPeriod {
    ReplyPeriod(
      instants: (dates.lowerBound.midnightAsUTC - 86_400)..<(dates.upperBound.midnightAsUTC + 2
        * 86_400),
      dates: dates, asked: "\(dates.lowerBound)…\(dates.upperBound)")
  }

  /// A single run initialised at `run`, in a reply at `offset` seconds from UTC: from the local
  /// midnight that starts the run's local day (the API answers whole local days) to
  /// `longestHorizonDays` later; daily steps from the run's local date on.
  package static func run(_ run: Int64, offset: Int) -> ReplyPeriod {
    let day = WallClock.floorDivide(run + Int64(offset), 86_400).quotient
    let start = day * 86_400 - Int64(offset)
    let first = LocalDate(dayNumber: day)
    return ReplyPeriod(
      instants: start..<(start + Int64(longestHorizonDays) * 86_400),
      dates: first...first.adding(days: longestHorizonDays - 1),
      asked:
        "the run \(WallClock.utcMinute(epoch: run))Z and its \(longestHorizonDays - 1)-day horizon")
  }

  /// Why `location` holds times outside this period (how many, and the first), or nil.
  package func problem(_ location: LocationBlock) -> String? {
    let hours = location.hourly?.instants.filter { !instants.contains($0) } ?? []
    let days = location.daily?.dates.filter { !dates.contains($0) } ?? []
    guard !hours.isEmpty || !days.isEmpty else { return nil }
    var parts: [String] = []
    if let first = hours.first {
      parts.append(
        "\(hours.count) hourly time\(hours.count == 1 ? "" : "s") (first \(WallClock.utcMinute(epoch: first))Z)"
      )
    }
    if let first = days.first {
      parts.append("\(days.count) date\(days.count == 1 ? "" : "s") (first \(first))")
    }
    return "the reply holds " + parts.joined(separator: " and ")
      + " outside what was asked (\(asked)); nothing of it is stored"
  }
}
