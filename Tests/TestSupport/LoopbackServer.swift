import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: POSIX sockets, an ephemeral port, an accept
/// loop on its own `Thread` and one thread per connection, so a `.hang` reply for one test never
/// blocks another test's request.
///
/// It reads the request line and headers (bodies are read and dropped), records the request,
/// asks the handler for a `Reply` and writes it with `Content-Length` and `Connection: close`.
/// Sends use `MSG_NOSIGNAL`, so a client that hangs up never raises SIGPIPE, which would kill the test process.
///
/// Creating a server also puts `127.0.0.1,localhost` into `no_proxy`/`NO_PROXY`, because
/// URLSession on Linux honours `http_proxy` even for loopback addresses (R9).
///
/// Keep a reference until the test is done and stop it there; `defer` does both:
///
/// ```swift
/// let server = try LoopbackServer { request in
///   request.path == "/v1/search" ? .ok(#"{"generationtime_ms":0.5}"#) : .json(status: 404, body: "{}")
/// }
/// defer { server.stop() }
/// let url = URL(string: server.baseURL + "/v1/search?name=Nowhere")!
/// ```
public final class LoopbackServer: Sendable {
  /// The port the server listens on.
  public let port: Int
  private let core: ServerCore

  /// Starts a server that answers every request through `handler`.
  ///
  /// The handler runs on the connection's thread, once per request, and may be called
  /// concurrently for parallel requests.
  /// - Throws: `Socket.Failure` when the socket cannot be created or bound.
  public init(handler: @escaping @Sendable (RecordedRequest) -> Reply) throws {
    _ = LoopbackServer.proxyBypass
    let (listener, port) = try Socket.bindLoopback(listen: true)
    self.port = port
    self.core = ServerCore(listener: listener, handler: handler)
    core.start()
  }

  deinit {
    core.stop()
  }

  /// `http://127.0.0.1:PORT`, without a trailing slash (the form the `--*-url` options take).
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// `baseURL` followed by `pathAndQuery` (which starts with `/`).
  public func url(_ pathAndQuery: String) -> URL {
    URL(string: baseURL + pathAndQuery)!
  }

  /// Every request received so far, in arrival order.
  public var requests: [RecordedRequest] { core.state.withLock { $0.requests } }

  /// The requests received so far for one path.
  public func requests(path: String) -> [RecordedRequest] {
    requests.filter { $0.path == path }
  }

  /// How many requests have been received.
  public var requestCount: Int { core.state.withLock { $0.requests.count } }

  /// How many requests have been received for one path.
  public func requestCount(path: String) -> Int {
    core.state.withLock { $0.requests.lazy.filter { $0.path == path }.count }
  }

  /// Stops the server: closes the listening socket, shuts down open connections (which releases
  /// `.hang` and `.delayed` replies) and waits for every server thread to finish. Safe to call
  /// more than once; also called by `deinit`. Do not call it from inside the handler: it waits for
  /// the handler's own thread.
  public func stop() {
    core.stop()
  }

  // MARK: - Scripted replies

  /// A server that answers each path from a list: the n-th request to a path gets the n-th reply,
  /// and the last reply repeats once the list is used up. Paths not in the script get
  /// `otherwise` (404 with Open-Meteo's error shape by default).
  ///
  /// ```swift
  /// let server = try LoopbackServer.scripted([
  ///   "/v1/forecast": [.rateLimited(.minutely), .ok(body)],
  /// ])
  /// ```
  public static func scripted(
    _ script: [String: [Reply]],
    otherwise: Reply = .openMeteoError(status: 404, reason: "Not Found")
  ) throws -> LoopbackServer {
    let served = LockedBox<[String: Int]>([:])
    return try LoopbackServer { request in
      guard let replies = script[request.path], !replies.isEmpty else { return otherwise }
      let index = served.withLock { counts -> Int in
        let index = counts[request.path, default: 0]
        counts[request.path] = index + 1
        return index
      }
      return replies[min(index, replies.count - 1)]
    }
  }

  // MARK: - Nothing listening

  /// A port on 127.0.0.1 where nothing listens, so connecting is refused (URLError -1004).
  ///
  /// The port is held by a socket that is bound but never listens, kept open for the life of the
  /// process, so no other server can take it between the call and the test's request.
  public static func unusedPort() -> Int { reservedPort }

  /// `http://127.0.0.1:PORT` on `unusedPort()`: a base URL that always refuses connections.
  public static var refusingBaseURL: String { "http://127.0.0.1:\(unusedPort())" }

  private static let reservedPort: Int = {
    do {
      return try Socket.bindLoopback(listen: false).port
    } catch {
      fatalError("cannot reserve a loopback port: \(error)")
    }
  }()

  /// Adds `127.0.0.1` and `localhost` to `no_proxy` and `NO_PROXY`, once per process.
  private static let proxyBypass: Void = {
    for name in ["no_proxy", "NO_PROXY"] {
      let current = getenv(name).map { String(cString: $0) } ?? ""
      var hosts = current.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      for host in ["127.0.0.1", "localhost"] where !hosts.contains(host) {
        hosts.append(host)
      }
      setenv(name, hosts.joined(separator: ","), 1)
    }
  }()
}
