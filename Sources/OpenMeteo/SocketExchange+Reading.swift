import Foundation
import Glibc

extension SocketExchange {
  /// Reads the status line, headers and body (`Content-Length`, chunked, or up to the close).
  package func readReply(from fd: Int32) throws -> HTTPReply {
    var input = SocketInput(exchange: self, fd: fd)
    let head = try input.readHead()
    guard let (status, headers) = Self.parseHead(head) else {
      throw Failure(message: HTTPMessages.malformed(host: host))
    }
    guard let coding = ReplyBody.coding(headers["content-encoding"]) else {
      // Asked for gzip or identity: another coding is one we cannot size before unpacking.
      throw Failure(
        message: HTTPMessages.compressed(headers["content-encoding"] ?? "", host: host))
    }
    let location = (300..<400).contains(status) ? headers["location"] : nil
    let body = ReplyBody(coding: coding, limit: limit, host: host, file: file) {
      _ = try millisecondsLeft()
    }
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      try input.readChunked(into: body)
    } else if let lengthText = headers["content-length"] {
      guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
        throw Failure(message: HTTPMessages.malformed(host: host))
      }
      guard length <= limit else {
        throw Failure(message: HTTPMessages.tooLarge(limit, received: length))
      }
      try input.read(exactly: length, into: body)
    } else {
      try input.readToEnd(into: body)
    }
    return HTTPReply(
      status: status, bytes: try body.finish(), location: location, wireBytes: body.wireBytes)
  }

  /// `HTTP/1.1 200 OK` and lower-cased header names, or nil when it is not HTTP.
  package static func parseHead(_ head: [UInt8]) -> (Int, [String: String])? {
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/") else { return nil }
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, let status = Int(parts[1]), (100...999).contains(status) else {
      return nil
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
  }
}
