import Inflate

/// The body of one reply as it arrives: kept as it is, or (for `Content-Encoding: gzip`)
/// decoded piece by piece while the socket is read, so a compressed reply is bounded like a
/// plain one. The bytes on the wire and the decoded bytes both count against the limit, and
/// the request's deadline is checked while a piece is decoded, so neither a gzip bomb nor a
/// slow or endless compressed stream outlasts the budget or the memory cap.
package final class ReplyBody {
  /// What the reply's `Content-Encoding` asks of the body.
  package enum Coding: Equatable {
    case identity
    case gzip
  }

  private let limit: Int
  private let host: String
  private let checkDeadline: () throws -> Void
  private var gzip: GzipDecoder?
  /// Bytes received on the wire.
  private var received = 0

  /// The bytes received on the wire so far (compressed, for a gzip reply).
  package var wireBytes: Int { received }
  /// The body: as received, or decoded.
  private var bytes: [UInt8] = []
  /// Where the body goes instead of `bytes` (`HTTPClient.download`).
  private let file: BodyFile?

  /// - Parameters:
  ///   - limit: the most bytes, on the wire and decoded.
  ///   - checkDeadline: throws once the request's time is up (called while decoding).
  ///   - file: where the body is written instead of being kept in memory.
  package init(
    coding: Coding, limit: Int, host: String, file: BodyFile? = nil,
    checkDeadline: @escaping () throws -> Void
  ) {
    self.file = file
    self.limit = limit
    self.host = host
    self.checkDeadline = checkDeadline
    if coding == .gzip { gzip = GzipDecoder(outputLimit: limit) }
  }

  /// The coding a `Content-Encoding` value names, or nil for one Skycast does not decode.
  package static func coding(_ header: String?) -> Coding? {
    switch header?.lowercased().trimmingCharacters(in: .whitespaces) {
    case nil, "", "identity": .identity
    case "gzip", "x-gzip": .gzip
    default: nil
    }
  }

  /// Adds bytes as they came off the socket.
  package func append(_ piece: ArraySlice<UInt8>) throws {
    received += piece.count
    guard received <= limit else {
      throw SocketExchange.Failure(message: HTTPMessages.tooLarge(limit))
    }
    guard var decoder = gzip else {
      if let file {
        try piece.withUnsafeBytes { try file.append($0) }
      } else {
        bytes.append(contentsOf: piece)
      }
      return
    }
    // Out of the property while it runs, so its window stays uniquely referenced and is not
    // copied on write for every piece.
    gzip = nil
    defer { gzip = decoder }
    do {
      try piece.withUnsafeBytes { raw in
        try decoder.decompress(raw) { decoded in
          try checkDeadline()
          if let file {
            try file.append(UnsafeRawBufferPointer(decoded))
          } else {
            bytes.append(contentsOf: decoded)
          }
        }
      }
    } catch let error as InflateError {
      throw SocketExchange.Failure(message: Self.message(error, limit: limit, host: host))
    }
  }

  /// The whole body, once the reply ended (empty when it went to a file); a gzip stream cut
  /// short is an error.
  package func finish() throws -> [UInt8] {
    if var decoder = gzip {
      do {
        try decoder.finish()
      } catch let error as InflateError {
        throw SocketExchange.Failure(message: Self.message(error, limit: limit, host: host))
      }
    }
    return bytes
  }

  /// The transport failure text of a decoding error.
  static func message(_ error: InflateError, limit: Int, host: String) -> String {
    switch error {
    case .outputLimit:
      "reply too large once decompressed (more than \(ResponseLimits.text(limit)) of gzip from \(host); the limit is \(ResponseLimits.text(limit)))"
    case .truncated:
      "gzip reply from \(host) cut short (truncated response)"
    default:
      "gzip reply from \(host) is not valid: \(error)"
    }
  }
}
