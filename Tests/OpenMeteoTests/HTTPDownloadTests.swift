import Foundation
import TestSupport
import Testing

@testable import OpenMeteo

/// `HTTPClient.download`: the body goes to a temporary file as it arrives, through either
/// transport; a body past the cap is refused with the URL (without the key) and the cap, and
/// not fetched again; the file goes when the download is released.
@Suite struct HTTPDownloadTests {
  typealias Kind = HTTPTransportTests.Kind

  @Test(
    "the body lands in a file the validator reads, removed afterwards", arguments: Kind.allCases)
  func file(kind: Kind) async throws {
    let body = Array((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    let server = try LoopbackServer.scripted([
      "/file.bin": [.bytes(status: 200, contentType: "application/octet-stream", body: body)]
    ])
    defer { server.stop() }
    let client = HTTPTransportTests.client(kind, timeout: 10)
    var path = ""
    do {
      let (download, read) = try await client.download(
        APIRequest(base: server.baseURL, path: "/file.bin", query: []), limit: 1 << 20
      ) { download in
        [UInt8](FileManager.default.contents(atPath: download.path) ?? Data())
      }
      path = download.path
      #expect(read == body)
      #expect(download.size == body.count)
      #expect(FileManager.default.fileExists(atPath: path))
    }
    #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path))
  }

  @Test(
    "a body past the cap is refused once, naming the URL without the key and the cap",
    arguments: Kind.allCases)
  func cap(kind: Kind) async throws {
    let server = try LoopbackServer.scripted([
      "/v1/forecast": [.flood(chunked: true, totalBytes: 8 << 20)]
    ])
    defer { server.stop() }
    // The forecast endpoint is this server, so the key is attached to the request.
    let client = HTTPTransportTests.client(kind, timeout: 10, retries: 2, forecast: server.baseURL)
    do {
      _ = try await client.download(HTTPTransportTests.request(server), limit: 1 << 20) { _ in 0 }
      Issue.record("a flood was accepted")
    } catch let error as APIError {
      let text = "\(error)"
      #expect(
        text.contains(server.baseURL + "/v1/forecast?latitude=52.52: reply too large"), "\(text)")
      #expect(text.contains("the limit is 1 MiB"), "\(text)")
      #expect(!text.contains("s3cr3t"), "\(text)")
    }
    // One request: the cap is not fetched again. Counted on the socket transport only:
    // URLSession pumps every transfer of the process on one queue, so beside a full test run
    // its first attempt can time out and be retried before one reaches the cap.
    if kind == .socket { #expect(server.requestCount == 1) }
  }

  @Test("an error page is an HTTP error with its reason, retried as send retries it")
  func errorPage() async throws {
    let server = try LoopbackServer.scripted([
      "/missing": [.text(status: 404, body: "Not Found")]
    ])
    defer { server.stop() }
    let client = HTTPTransportTests.client(.socket, timeout: 10)
    do {
      _ = try await client.download(
        APIRequest(base: server.baseURL, path: "/missing", query: []), limit: 1 << 20
      ) { _ in 0 }
      Issue.record("a 404 was accepted")
    } catch let error as APIError {
      #expect(error.httpStatus == 404)
    }
  }
}
