import Foundation
import Glibc
import Synchronization

/// One blocking request on the calling thread.
package struct SocketExchange {
  package let url: URL
  package let userAgent: String
  package let deadline: DispatchTime
  package let timeout: Double
  package let limit: Int
  package let cancelled: CancelFlag
  /// Where the body goes instead of memory, nil to keep it.
  package var file: BodyFile? = nil

  package var host: String { url.host ?? "server" }
  package var port: Int { url.port ?? 80 }

  /// Thrown inside the exchange; becomes the `APIError.transport` text.
  package struct Failure: Error {
    package let message: String
  }

  package func run() -> Result<HTTPReply, APIError> {
    do {
      let fd = try connect()
      defer { close(fd) }
      try send(Array(requestHead().utf8), on: fd)
      return .success(try readReply(from: fd))
    } catch let failure as Failure {
      return .failure(.transport(failure.message))
    } catch {
      return .failure(.transport("\(error)"))
    }
  }

  /// The request line and headers; the target keeps the URL's percent-encoding as built.
  package func requestHead() -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    var target = components?.percentEncodedPath ?? ""
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    let hostField = (host.contains(":") ? "[\(host)]" : host) + (url.port.map { ":\($0)" } ?? "")
    return "GET \(target) HTTP/1.1\r\nHost: \(hostField)\r\nUser-Agent: \(userAgent)\r\n"
      + "Accept: application/json\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n"
  }

  // MARK: - Time

  /// Milliseconds left before the deadline, at most `slice` so cancellation is noticed.
  package func millisecondsLeft(slice: Int32 = 250) throws -> Int32 {
    if cancelled.isSet { throw Failure(message: "request cancelled") }
    let now = DispatchTime.now().uptimeNanoseconds
    let end = deadline.uptimeNanoseconds
    guard end > now else { throw Failure(message: HTTPMessages.timedOut(timeout, host: host)) }
    return Int32(min(UInt64(slice), (end - now) / 1_000_000 + 1))
  }

  /// Waits until `fd` is ready for `events`, in slices, until the deadline.
  package func wait(_ fd: Int32, for events: Int16) throws {
    while true {
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&entry, 1, try millisecondsLeft())
      if ready > 0 { return }
      if ready < 0, errno != EINTR {
        throw Failure(message: "network error talking to \(host): poll failed (errno \(errno))")
      }
    }
  }

  // MARK: - Connecting

  package func connect() throws -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw Failure(message: "cannot resolve host \(host)")
    }
    defer { freeaddrinfo(list) }
    var refused = false
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      candidate = info.pointee.ai_next
      let fd = socket(
        info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard fd >= 0 else { continue }
      // Non-blocking, so every wait is a `poll` bounded by the deadline; writes use
      // MSG_NOSIGNAL, so a peer that hangs up gives EPIPE instead of killing the process.
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
      guard errno == EINPROGRESS else {
        refused = refused || errno == ECONNREFUSED
        close(fd)
        continue
      }
      do {
        try wait(fd, for: Int16(POLLOUT))
      } catch {
        close(fd)
        throw error
      }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
      if code == 0 { return fd }
      refused = refused || code == ECONNREFUSED
      close(fd)
    }
    throw Failure(
      message: refused
        ? "cannot connect to \(host):\(port) (connection refused)"
        : "cannot connect to \(host):\(port)")
  }

  // MARK: - Writing

  package func send(_ bytes: [UInt8], on fd: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      try wait(fd, for: Int16(POLLOUT))
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno != EAGAIN, errno != EINTR {
        throw Failure(message: "connection to \(host) lost")
      }
    }
  }
}
