import Testing

@testable import Export
@testable import SkycastModel

/// Any Int64 can come out of a hand-edited database: time arithmetic must never trap on one.
@Suite struct StoredTimeTests {
  static let extremes: [Int64] = [
    .min, .min + 1, -62_135_596_801, -1, 0, 253_402_300_800, .max - 3600, .max,
  ]

  @Test("floor division is exact at the Int64 limits", arguments: extremes)
  func floorDivide(value: Int64) {
    for divisor: Int64 in [1, 60, 3600, 86_400] {
      let (quotient, remainder) = WallClock.floorDivide(value, divisor)
      #expect((0..<divisor).contains(remainder))
      // quotient·divisor + remainder == value, checked without overflowing.
      let (product, overflow) = quotient.multipliedReportingOverflow(by: divisor)
      if !overflow {
        let sum = product.addingReportingOverflow(remainder)
        #expect(!sum.overflow && sum.partialValue == value)
      } else {
        #expect(value < 0 && quotient == value / divisor - 1)
      }
    }
  }

  @Test("formatting, local dates, hours and leads never trap", arguments: extremes)
  func noTraps(value: Int64) {
    for offset in [-50_400, 0, 50_400] {
      #expect(!WallClock.iso8601(epoch: value, offset: offset).isEmpty)
      #expect(!WallClock.spreadsheetTime(epoch: value, offset: offset).isEmpty)
      var bytes: [UInt8] = []
      InstantText.appendISO8601(epoch: value, offset: offset, to: &bytes)
      InstantText.appendSpreadsheetTime(epoch: value, offset: offset, to: &bytes)
      #expect(!bytes.isEmpty)
    }
    _ = CityTimeZone(identifier: "Asia/Kolkata")!.local(value)
    #expect(WallClock.floorToHour(value) <= value)
    _ = LeadTime.hours(valid: value, issued: .min)
    _ = LeadTime.hours(valid: value, issued: .max)
  }

  @Test("sums and differences hold at the limits instead of wrapping")
  func saturating() {
    #expect(WallClock.adding(.max, 3600) == .max)
    #expect(WallClock.adding(.min, -3600) == .min)
    #expect(WallClock.adding(10, -3) == 7)
    #expect(WallClock.subtracting(.min, 1) == .min)
    #expect(WallClock.subtracting(.max, -1) == .max)
    #expect(WallClock.subtracting(0, .min) == .max)
  }

  @Test("stored instants outside the years 0001–9999 are reported with column and value")
  func check() throws {
    #expect(try StoredTime.check(0, column: "valid_at") == 0)
    #expect(try StoredTime.check(nil as Int64?, column: "valid_at") == nil)
    #expect(try StoredTime.check(StoredTime.range.upperBound, column: "x") == 253_402_300_799)
    #expect(throws: StoredTimeError(column: "valid_at", value: .max)) {
      try StoredTime.check(Int64.max, column: "valid_at")
    }
    #expect(throws: StoredTimeError(column: "sunrise", value: -62_135_596_801)) {
      try StoredTime.check(-62_135_596_801 as Int64?, column: "sunrise")
    }
    let text = StoredTimeError(column: "valid_at", value: .max).description
    #expect(text.hasPrefix("valid_at holds 9223372036854775807, which is not a time"))
  }
}
