import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the loopback server needs.
enum Socket {
  /// An error from a socket call, with the C function's name and `errno`.
  struct Failure: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
  }

  /// A TCP socket bound to 127.0.0.1 on an ephemeral port (close-on-exec, `SO_REUSEADDR`);
  /// listening when `listen` is true. Returns the descriptor and the port.
  static func bindLoopback(listen shouldListen: Bool) throws -> (fd: Int32, port: Int) {
    #if canImport(Glibc)
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
      let type = SOCK_STREAM
    #endif
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw Failure(call: "bind", code: code)
    }
    if shouldListen, listen(fd, 128) != 0 {
      let code = errno
      close(fd)
      throw Failure(call: "listen", code: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(fd)
      throw Failure(call: "getsockname", code: code)
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Waits up to `milliseconds` for `fd` to become readable (or hung up). True when it is.
  static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Accepts a connection and marks it close-on-exec (so a spawned `skycast` does not inherit
  /// it). Returns nil on failure.
  static func accept(_ listener: Int32) -> Int32? {
    #if canImport(Glibc)
      let fd = Glibc.accept(listener, nil, nil)
    #else
      let fd = Darwin.accept(listener, nil, nil)
    #endif
    guard fd >= 0 else { return nil }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return fd
  }

  /// Receives up to `capacity` bytes; an empty array means end of stream or an error.
  static func receive(_ fd: Int32, capacity: Int = 16_384) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return [] }
      buffer.removeLast(capacity - count)
      return buffer
    }
  }

  /// Sends all of `bytes` with `MSG_NOSIGNAL`, so a client that went away gives EPIPE rather than
  /// killing the test process with SIGPIPE. Returns false when the peer is gone.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        send(fd, $0.baseAddress! + offset, bytes.count - offset, flags)
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}
