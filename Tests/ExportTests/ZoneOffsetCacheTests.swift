import Store
import Testing

@testable import ExportJobs
@testable import SkycastModel

@Suite struct ZoneOffsetCacheTests {
  /// The cache answers exactly like `CityTimeZone.offset(at:)`, in order, backwards and at
  /// random, across DST changes and half-hour zones.
  @Test(
    "matches CityTimeZone.offset",
    arguments: [
      "Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kathmandu", "UTC",
    ])
  func parity(_ identifier: String) throws {
    let zone = try #require(CityTimeZone(identifier: identifier))
    var cache = ZoneOffsetCache(zone: zone)
    let start: Int64 = 1_735_689_600  // 2025-01-01
    for step in stride(from: Int64(0), to: 2 * 366 * 24, by: 1) {
      let epoch = start + step * 1800
      #expect(cache.offset(at: epoch) == zone.offset(at: epoch))
    }
    for step in stride(from: Int64(2 * 366 * 24), to: 0, by: -7) {
      let epoch = start + step * 1800 - 1
      #expect(cache.offset(at: epoch) == zone.offset(at: epoch))
    }
    var random = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      let epoch = Int64(random.next() % 3_000_000_000)
      #expect(cache.offset(at: epoch) == zone.offset(at: epoch))
    }
  }
}

@Suite struct ExcelRowLimitTests {
  @Test("warns about sheets over the limit")
  func warnings() {
    #expect(ExcelRowLimit.dataRows == 1_048_575)
    #expect(ExcelRowLimit.warnings(total: 1_048_575, parts: nil, split: nil).isEmpty)
    #expect(
      ExcelRowLimit.warnings(total: 1_048_576, parts: nil, split: nil)
        == [
          "1048576 data rows are more than Excel's 1048575; the sheet would be cut off; split the file with --split-by city or --split-by month"
        ])
    let parts: [ExportPart: Int] = [.month("2026-02"): 3, .month("2026-01"): 4, .city(2): 1]
    #expect(
      ExcelRowLimit.warnings(total: 0, parts: parts, split: .month, limit: 2) == [
        "month 2026-01 has 4 data rows, more than Excel's 2; the sheet would be cut off",
        "month 2026-02 has 3 data rows, more than Excel's 2; the sheet would be cut off",
      ])
    #expect(
      ExcelRowLimit.warnings(total: 5, parts: nil, split: .month, limit: 2) == [
        "5 data rows are more than Excel's 2; the sheet would be cut off"
      ])
  }
}
