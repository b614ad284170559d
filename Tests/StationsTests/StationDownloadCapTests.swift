import Testing

@testable import Stations

/// The download caps per provider (`StationDownload.replyLimit`).
@Suite struct StationDownloadCapTests {
  @Test("every fetched provider has a cap above its real files")
  func caps() {
    #expect(StationDownload.replyLimit(.ghcnh) == 1 << 30)
    #expect(StationDownload.replyLimit(.meteostat) == 64 << 20)
    #expect(StationDownload.replyLimit(.dwd) == 32 << 20)
    #expect(StationDownload.providers.allSatisfy { StationDownload.replyLimit($0) >= 32 << 20 })
  }
}
