import Collect
import SkycastModel
import Store

/// The warning for fetches stamped after the current time (the clock was set back since they
/// were made), which `FreshnessRule` does not count as fresh.
enum ClockSkewWarning {
  /// Warns once per city whose newest successful forecast fetch is ahead of `now`.
  static func warn(_ invocation: Invocation, store: Store, cities: [City], now: Int64) throws {
    let names = Dictionary(cities.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    for (cityID, stamped) in try store.futureFetches(cityIDs: cities.map(\.id), now: now) {
      let when =
        StoredTime.range.contains(stamped)
        ? WallClock.iso8601(epoch: stamped, offset: 0) : String(stamped)
      let ahead = FetchReporter.age(WallClock.subtracting(stamped, now))
      invocation.warn(
        "\(names[cityID] ?? "city \(cityID)")'s last fetch is stamped \(when), \(ahead) ahead of this computer's clock (was the clock set back?); it does not count as fresh, so the city is fetched again"
      )
    }
  }
}
