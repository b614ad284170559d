import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The part of `LoopbackServer` that its threads share. The threads hold this object, not the
/// server, so dropping the last reference to the server runs its `deinit`, which stops them.
final class ServerCore: Sendable {
  struct State {
    var stopped = false
    var listenerClosed = false
    /// Descriptors of open connections. A connection thread removes and closes its descriptor
    /// under the lock, and `stop()` shuts them down under the same lock, so a descriptor number
    /// is never shut down after the kernel has reused it for another socket.
    var connections: Set<Int32> = []
    var requests: [RecordedRequest] = []
  }

  let listener: Int32
  let handler: @Sendable (RecordedRequest) -> Reply
  let state = Mutex(State())
  /// Entered once per running thread (the accept loop and each connection); `stop()` waits on it.
  let threads = DispatchGroup()

  /// The most bytes of request head accepted before the connection is dropped.
  static let maximumHeadSize = 65_536

  init(listener: Int32, handler: @escaping @Sendable (RecordedRequest) -> Reply) {
    self.listener = listener
    self.handler = handler
  }

  var isStopped: Bool { state.withLock { $0.stopped } }

  // MARK: - Lifecycle

  func start() {
    threads.enter()
    let thread = Thread { [self] in
      acceptLoop()
      threads.leave()
    }
    thread.name = "LoopbackServer.accept"
    thread.start()
  }

  func stop() {
    let firstCall = state.withLock { state -> Bool in
      guard !state.stopped else { return false }
      state.stopped = true
      shutdown(listener, Int32(SHUT_RDWR))
      for fd in state.connections {
        shutdown(fd, Int32(SHUT_RDWR))
      }
      return true
    }
    threads.wait()
    if firstCall {
      state.withLock { state in
        if !state.listenerClosed {
          state.listenerClosed = true
          close(listener)
        }
      }
    }
  }

  // MARK: - Accepting

  private func acceptLoop() {
    while !isStopped {
      // poll with a timeout as well as shutdown(), so stop() never depends on accept waking up.
      guard Socket.waitReadable(listener, milliseconds: 100), !isStopped,
        let fd = Socket.accept(listener)
      else { continue }
      let accepted = state.withLock { state -> Bool in
        guard !state.stopped else { return false }
        state.connections.insert(fd)
        return true
      }
      guard accepted else {
        close(fd)
        break
      }
      threads.enter()
      let thread = Thread { [self] in
        serve(fd)
        state.withLock { state in
          state.connections.remove(fd)
          close(fd)
        }
        threads.leave()
      }
      thread.name = "LoopbackServer.connection"
      thread.start()
    }
  }

  // MARK: - Serving one connection

  private func serve(_ fd: Int32) {
    guard let head = readHead(fd) else { return }
    guard let request = Self.parseHead(head) else {
      write(.text(status: 400, body: "malformed request\n"), to: fd)
      return
    }
    state.withLock { $0.requests.append(request) }
    write(handler(request), to: fd)
  }

  /// Reads up to the blank line that ends the header block, then drops any announced body.
  /// Returns nil when the client sends nothing or too much.
  private func readHead(_ fd: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var headEnd: Int?
    while headEnd == nil {
      let chunk = Socket.receive(fd)
      guard !chunk.isEmpty else { return nil }
      let searchFrom = max(0, bytes.count - 3)
      bytes += chunk
      headEnd = Self.find([13, 10, 13, 10], in: bytes, from: searchFrom)
      if headEnd == nil, bytes.count > Self.maximumHeadSize { return nil }
    }
    let head = Array(bytes[..<headEnd!])
    // Drain a body (at most 1 MB) so closing the socket does not turn into a reset that could
    // reach the client before our response.
    let headText = String(decoding: head, as: UTF8.self).lowercased()
    if let range = headText.range(of: "\r\ncontent-length:") {
      let digits = headText[range.upperBound...].prefix { $0 != "\r" }
        .trimmingCharacters(in: .whitespaces)
      var remaining = min(Int(digits) ?? 0, 1 << 20) - (bytes.count - headEnd! - 4)
      while remaining > 0 {
        let chunk = Socket.receive(fd)
        guard !chunk.isEmpty else { break }
        remaining -= chunk.count
      }
    }
    return head
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    var index = start
    while index <= bytes.count - needle.count {
      if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Parses `METHOD target HTTP/1.x` and the header fields.
  static func parseHead(_ head: [UInt8]) -> RecordedRequest? {
    let text = String(decoding: head, as: UTF8.self)
    var lines = text.components(separatedBy: "\r\n")
    guard !lines.isEmpty else { return nil }
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
    guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return RecordedRequest(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
  }

  // MARK: - Writing replies

  private func write(_ reply: Reply, to fd: Int32) {
    switch reply {
    case .json(let status, let body):
      send(status, contentType: "application/json; charset=utf-8", Array(body.utf8), to: fd)
    case .bytes(let status, let contentType, let body):
      send(status, contentType: contentType, body, to: fd)
    case .custom(let status, let headers, let body):
      var head = "HTTP/1.1 \(status) \(Reply.reasonPhrase(status))\r\n"
      for header in headers { head += "\(header.name): \(header.value)\r\n" }
      head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      Socket.sendAll(fd, Array(head.utf8) + body)
    case .truncated(let status, let body, let declaredLength):
      let head = Self.head(status, "application/json; charset=utf-8", declaredLength)
      Socket.sendAll(fd, head + body)
    case .hang:
      // Hold the connection until the client closes it or stop() shuts it down.
      while !Socket.receive(fd).isEmpty {}
    case .closeWithoutResponse:
      break
    case .delayed(let seconds, let inner):
      guard pause(seconds) else { return }
      write(inner, to: fd)
    case .dripFeed(let status, let body, let chunkSize, let interval):
      guard Socket.sendAll(fd, Self.head(status, "application/json; charset=utf-8", body.count))
      else { return }
      drip(body, chunkSize: chunkSize, interval: interval, to: fd)
    case .dripFeedCustom(let status, let headers, let body, let chunkSize, let interval):
      var head = "HTTP/1.1 \(status) \(Reply.reasonPhrase(status))\r\n"
      for header in headers { head += "\(header.name): \(header.value)\r\n" }
      head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
      guard Socket.sendAll(fd, Array(head.utf8)) else { return }
      drip(body, chunkSize: chunkSize, interval: interval, to: fd)
    case .raw(let bytes):
      Socket.sendAll(fd, bytes)
    case .flood(let chunked, let totalBytes):
      flood(fd, chunked: chunked, totalBytes: totalBytes)
    }
    shutdown(fd, Int32(SHUT_WR))
  }

  /// Sends `body` `chunkSize` bytes at a time with `interval` seconds between pieces.
  private func drip(_ body: [UInt8], chunkSize: Int, interval: Double, to fd: Int32) {
    var offset = 0
    let size = max(1, chunkSize)
    while offset < body.count {
      let end = min(offset + size, body.count)
      guard Socket.sendAll(fd, Array(body[offset..<end])) else { return }
      offset = end
      if offset < body.count, !pause(interval) { return }
    }
  }

  /// Streams `totalBytes` of filler in 64 KiB pieces until done, the client leaves or the
  /// server stops, so a huge body never has to exist in the test process.
  private func flood(_ fd: Int32, chunked: Bool, totalBytes: Int) {
    var head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    head += chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(totalBytes)\r\n"
    guard Socket.sendAll(fd, Array((head + "Connection: close\r\n\r\n").utf8)) else { return }
    let piece = [UInt8](repeating: UInt8(ascii: "7"), count: 65_536)
    let framed = chunked ? Array("10000\r\n".utf8) + piece + [13, 10] : piece
    var sent = 0
    while sent < totalBytes, !isStopped {
      let count = min(piece.count, totalBytes - sent)
      let bytes =
        count == piece.count
        ? framed
        : (chunked
          ? Array((String(count, radix: 16) + "\r\n").utf8) + piece.prefix(count) + [13, 10]
          : Array(piece.prefix(count)))
      guard Socket.sendAll(fd, bytes) else { return }
      sent += count
    }
    if chunked { Socket.sendAll(fd, Array("0\r\n\r\n".utf8)) }
  }

  private func send(_ status: Int, contentType: String, _ body: [UInt8], to fd: Int32) {
    Socket.sendAll(fd, Self.head(status, contentType, body.count) + body)
  }

  static func head(_ status: Int, _ contentType: String, _ length: Int) -> [UInt8] {
    Array(
      ("HTTP/1.1 \(status) \(Reply.reasonPhrase(status))\r\n" + "Content-Type: \(contentType)\r\n"
        + "Content-Length: \(length)\r\nConnection: close\r\n\r\n").utf8)
  }

  /// Sleeps for `seconds` in short steps; false when the server stopped meanwhile.
  private func pause(_ seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if isStopped { return false }
      Thread.sleep(forTimeInterval: min(0.01, max(0, deadline.timeIntervalSinceNow)))
    }
    return !isStopped
  }
}
