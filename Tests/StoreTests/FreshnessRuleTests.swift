import Foundation
import TestSupport
import Testing

@testable import Store

@Suite struct FreshnessRuleTests {
  static let now: Int64 = 1_774_000_000

  @Test(
    "a fetch is fresh from its time up to the interval; one stamped in the future only within 5 min",
    arguments: [
      (-60, true), (-1799, true), (-1800, false), (-86_400, false), (0, true), (120, true),
      (300, true), (301, false), (86_400, false),
    ] as [(Int64, Bool)])
  func fresh(offset: Int64, expected: Bool) {
    #expect(
      FreshnessRule.isFresh(requestedAt: Self.now + offset, now: Self.now, minInterval: 1800)
        == expected)
  }

  @Test("no interval means never fresh; extreme stored times never trap")
  func extremes() {
    #expect(!FreshnessRule.isFresh(requestedAt: Self.now, now: Self.now, minInterval: 0))
    #expect(!FreshnessRule.isFresh(requestedAt: .min, now: Self.now, minInterval: 1800))
    #expect(!FreshnessRule.isFresh(requestedAt: .max, now: Self.now, minInterval: 1800))
    #expect(!FreshnessRule.isFresh(requestedAt: .min, now: .max, minInterval: .max))
    #expect(FreshnessRule.isAhead(requestedAt: .max, now: Self.now))
    #expect(FreshnessRule.latestCountable(now: .max) == .max)
  }

  /// The clock moved back a day after a fetch: that fetch must not hide the real last one.
  @Test("the store's fresh fetch ignores fetches stamped ahead of the clock")
  func storeIgnoresFutureFetches() throws {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("skycast.sqlite"))
    let history = HistoryBuilder(store: store)
    let city = try history.city("Berlin")
    try history.fetch(city, requestedAt: Self.now + 86_400)
    #expect(try store.freshFetch(cityID: city.id, now: Self.now, minInterval: 1800) == nil)
    #expect(
      try store.futureFetches(cityIDs: [city.id], now: Self.now).map(\.requestedAt) == [
        Self.now + 86_400
      ])
    try history.fetch(city, requestedAt: Self.now - 600)
    // Only a fetch that stored rows counts.
    #expect(try store.freshFetch(cityID: city.id, now: Self.now, minInterval: 1800) == nil)
    try store.database.execute("UPDATE fetches SET rows = 24 WHERE status = 'ok'")
    #expect(
      try store.freshFetch(cityID: city.id, now: Self.now, minInterval: 1800) == Self.now - 600)
    #expect(try store.freshFetch(cityID: city.id, now: Self.now, minInterval: 60) == nil)
    try history.fetch(city, requestedAt: Self.now - 3600, status: "failed")
    try history.fetch(city, source: "era5", requestedAt: Self.now)
    #expect(
      try store.freshFetch(cityID: city.id, now: Self.now, minInterval: 1800) == Self.now - 600)
  }
}
