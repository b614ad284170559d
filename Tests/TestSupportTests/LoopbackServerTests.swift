import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback server exercised through the real `URLSession`, as the product's HTTP client
/// will use it. Each test starts its own server, so the suite runs in parallel.
@Suite struct LoopbackServerTests {
  /// An ephemeral session without a URL cache, so no test sees another's cached reply.
  static func session(timeout: TimeInterval = 10) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = timeout
    return URLSession(configuration: configuration)
  }

  static func get(
    _ url: URL, timeout: TimeInterval = 10, headers: [String: String] = [:]
  ) async throws -> (body: Data, response: HTTPURLResponse) {
    let session = session(timeout: timeout)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    return (data, response as! HTTPURLResponse)
  }

  /// A JSON reply arrives with its status, body, content type and length.
  @Test("serves a JSON reply")
  func jsonReply() async throws {
    let server = try LoopbackServer { _ in .ok(#"{"ok":true,"city":"北京"}"#) }
    defer { server.stop() }
    let (body, response) = try await Self.get(server.url("/v1/forecast?latitude=52.52"))
    #expect(response.statusCode == 200)
    #expect(String(decoding: body, as: UTF8.self) == #"{"ok":true,"city":"北京"}"#)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
    #expect(response.value(forHTTPHeaderField: "Content-Length") == String(body.count))
    #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
  }

  /// Error statuses reach the client as responses, not transport errors.
  @Test("serves a 500 with Open-Meteo's error body")
  func serverError() async throws {
    let server = try LoopbackServer { _ in .openMeteoError(status: 500, reason: "Internal") }
    defer { server.stop() }
    let (body, response) = try await Self.get(server.url("/v1/forecast"))
    #expect(response.statusCode == 500)
    #expect(String(decoding: body, as: UTF8.self) == #"{"error":true,"reason":"Internal"}"#)
  }

  /// `.hang` trips URLSession's idle timeout (-1001) while other requests to the same server are
  /// still answered.
  @Test("times out on a hanging reply without blocking other requests")
  func hang() async throws {
    let server = try LoopbackServer { request in request.path == "/hang" ? .hang : .ok("{}") }
    defer { server.stop() }
    async let hung: Void = {
      let started = Date()
      let error = await #expect(throws: URLError.self) {
        _ = try await Self.get(server.url("/hang"), timeout: 0.5)
      }
      #expect(error?.code == .timedOut)
      // Wide: other suites in this process can hold the cooperative threads for a while.
      #expect(Date().timeIntervalSince(started) < 120)
    }()
    let (_, response) = try await Self.get(server.url("/fine"))
    #expect(response.statusCode == 200)
    await hung
  }

  /// Headers announce more bytes than arrive: URLSession on Linux reports URLError -1.
  @Test("fails the transfer when the body is truncated")
  func truncated() async throws {
    let server = try LoopbackServer { _ in
      .truncated(status: 200, body: Array(#"{"latitude":52.5,"#.utf8), declaredLength: 500)
    }
    defer { server.stop() }
    await #expect(throws: URLError.self) {
      _ = try await Self.get(server.url("/v1/forecast"))
    }
  }

  @Test("fails when the server closes without a response")
  func closeWithoutResponse() async throws {
    let server = try LoopbackServer { _ in .closeWithoutResponse }
    defer { server.stop() }
    let error = await #expect(throws: URLError.self) {
      _ = try await Self.get(server.url("/v1/forecast"))
    }
    #expect(error?.code == .badServerResponse || error?.code == .networkConnectionLost)
    #expect(server.requestCount == 1)
  }

  /// Nothing listens on `unusedPort()`, and it stays that way for the whole run.
  @Test("reports connection refused on an unused port")
  func refused() async throws {
    #expect(LoopbackServer.unusedPort() == LoopbackServer.unusedPort())
    let error = await #expect(throws: URLError.self) {
      _ = try await Self.get(URL(string: LoopbackServer.refusingBaseURL + "/v1/forecast")!)
    }
    #expect(error?.code == .cannotConnectToHost)
  }

  /// The recorded request keeps the raw target, decodes the query (last repeated key wins, `+`
  /// is a space) and lowercases header names.
  @Test("records requests with their decoded query and headers")
  func recording() async throws {
    let server = try LoopbackServer { _ in .ok("{}") }
    defer { server.stop() }
    let target =
      "/v1/search?name=%E5%8C%97%E4%BA%AC&count=5&language=zh&name=L%27Aquila&note=a+b%20c&flag"
    _ = try await Self.get(server.url(target), headers: ["X-Skycast-Test": "yes"])
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.path == "/v1/search")
    #expect(request.target == target)
    #expect(request.query["name"] == "L'Aquila")
    #expect(request.queryItems.first?.value == "北京")
    #expect(request.query["count"] == "5")
    #expect(request.query["note"] == "a b c")
    #expect(request.query["flag"] == "")
    #expect(request.header("x-skycast-test") == "yes")
    #expect(request.headers["host"] == "127.0.0.1:\(server.port)")
    #expect(server.requestCount(path: "/v1/search") == 1)
    #expect(server.requestCount(path: "/v1/forecast") == 0)
  }

  /// Each request to a path takes the next scripted reply; the last one repeats.
  @Test("answers from a script per path")
  func scripted() async throws {
    let server = try LoopbackServer.scripted([
      "/v1/forecast": [.rateLimited(.minutely), .json(status: 503, body: "{}"), .ok(#"{"n":3}"#)]
    ])
    defer { server.stop() }
    var statuses: [Int] = []
    for _ in 0..<4 {
      statuses.append(try await Self.get(server.url("/v1/forecast")).response.statusCode)
    }
    #expect(statuses == [429, 503, 200, 200])
    let other = try await Self.get(server.url("/v1/archive"))
    #expect(other.response.statusCode == 404)
    #expect(server.requestCount(path: "/v1/forecast") == 4)
    #expect(server.requestCount == 5)
  }

  @Test("sends the exact rate-limit reasons")
  func rateLimitReasons() {
    #expect(
      Reply.rateLimited(.minutely).bodyText
        == #"{"error":true,"reason":"Minutely API request limit exceeded. Please try again in one minute."}"#
    )
    #expect(Reply.rateLimited(.hourly).status == 429)
    #expect(
      Reply.RateLimit.daily.reason == "Daily API request limit exceeded. Please try again tomorrow."
    )
    #expect(Reply.RateLimit.concurrent.reason == "Too many concurrent requests")
  }

  @Test("delays and drip-feeds replies")
  func delayedAndDripFed() async throws {
    let body = Array(String(repeating: "x", count: 50).utf8)
    let server = try LoopbackServer { request in
      request.path == "/slow"
        ? .delayed(seconds: 0.3, .ok("{}"))
        : .dripFeed(status: 200, body: body, chunkSize: 7, interval: 0.01)
    }
    defer { server.stop() }
    let started = Date()
    let slow = try await Self.get(server.url("/slow"))
    #expect(slow.response.statusCode == 200)
    #expect(Date().timeIntervalSince(started) >= 0.3)
    let drip = try await Self.get(server.url("/drip"))
    #expect(Array(drip.body) == body)
  }

  /// `stop()` shuts hung connections down, so the client fails at once instead of waiting for
  /// its 30 s timeout, and `stop()` itself returns.
  @Test("releases hung connections when stopped")
  func stopReleasesHang() async throws {
    let server = try LoopbackServer { _ in .hang }
    let ended = LockedBox(false)
    async let outcome: URLError? = {
      defer { ended.withLock { $0 = true } }
      do {
        _ = try await Self.get(server.url("/hang"), timeout: 30)
        return nil
      } catch let error as URLError {
        return error
      } catch {
        return nil
      }
    }()
    // The server holds the request before it stops. No clock here: under load this task can
    // wait minutes for a thread before the request is even sent (120 s was seen); a request
    // that never arrives ends the client at its own timeout, which the checks below catch.
    while server.requestCount == 0, !ended.value {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(server.requestCount == 1, "the request reached the server before it stopped")
    server.stop()
    server.stop()
    let error = await outcome
    // The client's own 30 s timeout would end it with -1001 (timed out); the connection closed
    // by stop() ends it with another error. The error's kind says which, however long this
    // test's task then waited for a thread (a wall-clock bound measured that: 64 s, loaded).
    #expect(error != nil)
    #expect(error?.code != .timedOut, "\(String(describing: error))")
  }

  /// Many parallel requests, each on its own connection thread.
  @Test("serves concurrent requests")
  func concurrent() async throws {
    let server = try LoopbackServer { request in
      .delayed(seconds: 0.05, .ok(#"{"i":"# + (request.query["i"] ?? "null") + "}"))
    }
    defer { server.stop() }
    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<20 {
        group.addTask {
          let (body, _) = try await Self.get(server.url("/v1/forecast?i=\(index)"))
          return String(decoding: body, as: UTF8.self)
        }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(bodies.count == 20)
    #expect(server.requestCount == 20)
  }

  /// URLSession on Linux honours `http_proxy` even for 127.0.0.1, so the server bypasses it.
  @Test("puts loopback hosts into no_proxy")
  func noProxy() throws {
    let server = try LoopbackServer { _ in .ok("{}") }
    defer { server.stop() }
    for name in ["no_proxy", "NO_PROXY"] {
      let value = ProcessInfo.processInfo.environment[name] ?? ""
      #expect(value.split(separator: ",").contains("127.0.0.1"))
      #expect(value.split(separator: ",").contains("localhost"))
    }
  }

  /// A malformed request line gets a 400 and is not recorded.
  @Test("rejects malformed requests without recording them")
  func malformed() throws {
    let server = try LoopbackServer { _ in .ok("{}") }
    defer { server.stop() }
    let reply = try RawClient.exchange(port: server.port, Array("NONSENSE\r\n\r\n".utf8))
    #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(reply.contains("Connection: close\r\n"))
    #expect(server.requestCount == 0)
  }
}

/// A blocking one-shot TCP client for requests URLSession cannot send.
enum RawClient {
  struct Failure: Error {}

  static func exchange(port: Int, _ bytes: [UInt8]) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure() }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure() }
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
      guard count > 0 else { break }
      received += buffer[..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }
}
