import Foundation
import Glibc

/// Buffered reading from a socket under the exchange's deadline.
package struct SocketInput {
  package let exchange: SocketExchange
  package let fd: Int32
  package var buffer: [UInt8] = []
  package var start = 0
  package var ended = false

  package init(exchange: SocketExchange, fd: Int32) {
    self.exchange = exchange
    self.fd = fd
  }

  package var available: Int { buffer.count - start }

  /// Reads more bytes; false at the end of the stream.
  package mutating func fill() throws -> Bool {
    if ended { return false }
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    try exchange.wait(fd, for: Int16(POLLIN))
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      buffer.append(contentsOf: chunk[0..<count])
      return true
    }
    if count == 0 {
      ended = true
      return false
    }
    if errno == EAGAIN || errno == EINTR { return true }
    throw SocketExchange.Failure(message: "connection to \(exchange.host) lost")
  }

  /// Everything up to and including the blank line after the headers.
  package mutating func readHead() throws -> [UInt8] {
    let separator: [UInt8] = [13, 10, 13, 10]
    var searched = 0
    while true {
      if let end = Self.find(separator, in: buffer, from: max(start, searched - 3)) {
        let head = Array(buffer[start..<end])
        start = end + 4
        return head
      }
      searched = buffer.count
      if available > ResponseLimits.maximumHeaderBytes {
        throw SocketExchange.Failure(
          message: "reply headers from \(exchange.host) exceed "
            + ResponseLimits.text(ResponseLimits.maximumHeaderBytes))
      }
      guard try fill() else {
        throw SocketExchange.Failure(message: HTTPMessages.malformed(host: exchange.host))
      }
    }
  }

  package mutating func take(_ count: Int) -> [UInt8] {
    let bytes = Array(buffer[start..<start + count])
    start += count
    return bytes
  }

  /// Reads `length` bytes of body into `body`.
  package mutating func read(exactly length: Int, into body: ReplyBody) throws {
    var read = 0
    while read < length {
      if available == 0, try !fill() {
        throw SocketExchange.Failure(
          message: HTTPMessages.truncated(
            host: exchange.host, received: read, expected: length))
      }
      let count = min(available, length - read)
      try body.append(buffer[start..<start + count])
      start += count
      read += count
    }
  }

  /// Reads the body up to the end of the stream.
  package mutating func readToEnd(into body: ReplyBody) throws {
    while true {
      try body.append(buffer[start..<buffer.count])
      start = buffer.count
      guard try fill() else { return }
    }
  }

  /// A CRLF-terminated line (without the CRLF), at most 4 KiB.
  package mutating func readLine() throws -> String {
    while true {
      if let end = Self.find([13, 10], in: buffer, from: start) {
        let line = take(end - start)
        start += 2
        return String(decoding: line, as: UTF8.self)
      }
      if available > 4096 {
        throw SocketExchange.Failure(message: HTTPMessages.malformed(host: exchange.host))
      }
      guard try fill() else {
        throw SocketExchange.Failure(
          message: "connection to \(exchange.host) closed mid-body (truncated response)")
      }
    }
  }

  /// Reads a chunked body into `body` (the chunk sizes count against its limit as they come).
  package mutating func readChunked(into body: ReplyBody) throws {
    while true {
      let sizeText = try readLine().split(separator: ";").first ?? ""
      guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0
      else {
        throw SocketExchange.Failure(message: HTTPMessages.malformed(host: exchange.host))
      }
      if size == 0 { return }
      try read(exactly: size, into: body)
      _ = try readLine()
    }
  }

  package static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    var index = max(0, start)
    while index <= bytes.count - needle.count {
      if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle {
        return index
      }
      index += 1
    }
    return nil
  }
}
