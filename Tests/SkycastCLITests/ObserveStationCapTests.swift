import Foundation
import SkycastModel
import TestSupport
import Testing

/// `observe --station` against a flooding server: the download streams to a temporary file
/// and stops at the provider's cap (`StationDownload.replyLimit`) with an error naming the URL
/// and the cap; nothing is stored but the failed fetch-log row.
@Suite struct ObserveStationCapTests {
  @Test(
    "a flood past the provider's cap is refused, naming the URL and the cap; nothing stored",
    arguments: [true, false])
  func flood(chunked: Bool) async throws {
    let cap = 32 << 20  // StationDownload.replyLimit(.dwd)
    let server = try LoopbackServer.scripted([
      ObserveStationTests.dwdPath: [Reply.flood(chunked: chunked, totalBytes: cap + (8 << 20))]
    ])
    defer { server.stop() }
    let harness = try await ObserveStationTests.harness()
    let result = await harness.run(
      "observe", "--station", "dwd:03987", "--city", "Potsdam", "--dwd-url", server.baseURL,
      "--retries", "0")
    #expect(result.exitCode == 1, "\(result)")
    let url = server.baseURL + ObserveStationTests.dwdPath
    #expect(result.stderr.contains("\(url): reply too large"), "\(result.stderr)")
    #expect(result.stderr.contains("the limit is \(cap >> 20) MiB"), "\(result.stderr)")
    #expect(try Ingest.int(harness, "SELECT count(*) FROM hourly_observations") == 0)
    #expect(
      try Ingest.rows(harness, "SELECT source, status FROM fetches")
        == [["station:dwd:03987", "failed"]])
    // One request: a flood is not fetched again.
    #expect(server.requests.count == 1)
  }
}
