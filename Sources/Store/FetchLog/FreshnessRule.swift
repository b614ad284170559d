internal import SQLiteKit
import SkycastModel

/// When a stored fetch makes a city "fresh", so `collect --min-interval` skips it and
/// `now --refresh` does not fetch again.
///
/// A fetch counts as fresh for `minInterval` seconds after its `requested_at`, and only a
/// successful fetch that stored something does (an ok fetch of 0 rows, from a database written
/// before such replies became failed fetches, does not). A fetch stamped
/// more than `futureTolerance` after the current clock was made while the clock was ahead (or
/// the clock has since been set back): it never counts, so it cannot block collection until the
/// clock catches up. The next fetch is stamped with the real time, and `--min-interval` works
/// from that one on. Commands warn about such fetches (`Store.futureFetches`).
public enum FreshnessRule {
  /// How long a successful fetch keeps a city fresh unless told otherwise: `collect
  /// --min-interval` and `now --refresh` (30 minutes; Open-Meteo's models update hourly at most).
  public static let defaultInterval: Int64 = 1800

  /// `defaultInterval` as `collect --min-interval` takes it (`30m`).
  public static var defaultIntervalText: String { "\(defaultInterval / 60)m" }

  /// Five minutes: small clock corrections (NTP steps, two machines sharing a file) still count
  /// as "just fetched".
  public static let futureTolerance: Int64 = 300

  /// The newest `requested_at` that counts at `now`.
  public static func latestCountable(now: Int64) -> Int64 {
    WallClock.adding(now, futureTolerance)
  }

  /// True when a fetch requested at `requestedAt` is still fresh at `now`.
  public static func isFresh(requestedAt: Int64, now: Int64, minInterval: Int64) -> Bool {
    guard minInterval > 0, requestedAt <= latestCountable(now: now) else { return false }
    return WallClock.subtracting(now, requestedAt) < minInterval
  }

  /// True when a fetch is stamped too far ahead of `now` to count.
  public static func isAhead(requestedAt: Int64, now: Int64) -> Bool {
    requestedAt > latestCountable(now: now)
  }
}

extension Store {
  /// The request time of the newest successful fetch that makes the city fresh at `now` under
  /// `FreshnessRule`, or nil when it is due.
  public func freshFetch(
    cityID: Int64, source: FetchSource = .forecast, now: Int64, minInterval: Int64
  ) throws -> Int64? {
    let last = try database.scalarInt(
      """
      SELECT max(requested_at) FROM fetches
      WHERE city_id = ? AND source = ? AND status = 'ok' AND rows > 0 AND requested_at <= ?
      """,
      [
        .integer(cityID), .text(source.fetchLogValue),
        .integer(FreshnessRule.latestCountable(now: now)),
      ])
    guard let last, FreshnessRule.isFresh(requestedAt: last, now: now, minInterval: minInterval)
    else { return nil }
    return last
  }

  /// Cities with successful fetches stamped too far after `now` to count (the clock was set
  /// back since), with the latest such time.
  public func futureFetches(
    cityIDs: [Int64], source: FetchSource = .forecast, now: Int64
  ) throws -> [(cityID: Int64, requestedAt: Int64)] {
    var result: [(cityID: Int64, requestedAt: Int64)] = []
    for cityID in cityIDs {
      let latest = try database.scalarInt(
        """
        SELECT max(requested_at) FROM fetches
        WHERE city_id = ? AND source = ? AND status = 'ok' AND requested_at > ?
        """,
        [
          .integer(cityID), .text(source.fetchLogValue),
          .integer(FreshnessRule.latestCountable(now: now)),
        ])
      if let latest { result.append((cityID, latest)) }
    }
    return result
  }
}
