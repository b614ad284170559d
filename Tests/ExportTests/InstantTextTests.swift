import Testing

@testable import Export
@testable import SkycastModel

@Suite struct InstantTextTests {
  /// The byte writers produce exactly WallClock's text over many instants and offsets.
  @Test("byte forms match WallClock")
  func matchesWallClock() {
    var random = SplitMix64(seed: 7)
    let offsets = [0, 3600, -18_000, 19_800, 20_700, 28_800, -34_200, 46_800, -43_200, 50_400]
    for index in 0..<5000 {
      let epoch = Int64(random.next() % 8_000_000_000) - 2_500_000_000
      let offset = offsets[index % offsets.count] + (index % 97 == 0 ? 7 : 0)
      var iso: [UInt8] = []
      InstantText.appendISO8601(epoch: epoch, offset: offset, to: &iso)
      #expect(
        String(decoding: iso, as: UTF8.self) == WallClock.iso8601(epoch: epoch, offset: offset))
      var sheet: [UInt8] = []
      InstantText.appendSpreadsheetTime(epoch: epoch, offset: offset, to: &sheet)
      #expect(
        String(decoding: sheet, as: UTF8.self)
          == WallClock.spreadsheetTime(epoch: epoch, offset: offset))
    }
  }

  @Test("a known instant prints local time with its offset")
  func knownInstant() {
    var bytes: [UInt8] = []
    InstantText.appendISO8601(epoch: 1_773_982_800, offset: 3600, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "2026-03-20T06:00:00+01:00")
    bytes = []
    InstantText.appendSpreadsheetTime(epoch: 1_773_957_600, offset: 28_800, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "2026-03-20 06:00")
  }
}
