import Inflate
import Testing

/// What a decoder produced from chunked input.
struct Decoded {
  /// Every byte handed to the output closure, in order.
  var output: [UInt8] = []
  /// The largest single piece handed out.
  var largestPiece = 0
  /// Input bytes the decoder consumed.
  var consumed = 0
}

/// Feeds `data` to an `Inflater` chunk by chunk as a socket loop would, then calls `finish()`.
func inflate(_ data: [UInt8], _ chunking: Chunking = .whole, limit: Int = .max) throws -> Decoded {
  var inflater = Inflater(outputLimit: limit)
  var decoded = Decoded()
  try data.withUnsafeBytes { raw in
    for range in chunking.ranges(data.count) {
      decoded.consumed += try inflater.decompress(UnsafeRawBufferPointer(rebasing: raw[range])) {
        decoded.output.append(contentsOf: $0)
        decoded.largestPiece = max(decoded.largestPiece, $0.count)
      }
      if inflater.isFinished { break }
    }
  }
  try inflater.finish()
  #expect(inflater.totalOut == decoded.output.count)
  return decoded
}

/// Feeds `data` to a `GzipDecoder` chunk by chunk, then calls `finish()`.
func gunzip(_ data: [UInt8], _ chunking: Chunking = .whole, limit: Int = .max) throws -> Decoded {
  var decoder = GzipDecoder(outputLimit: limit)
  var decoded = Decoded()
  try data.withUnsafeBytes { raw in
    for range in chunking.ranges(data.count) {
      try decoder.decompress(UnsafeRawBufferPointer(rebasing: raw[range])) {
        decoded.output.append(contentsOf: $0)
        decoded.largestPiece = max(decoded.largestPiece, $0.count)
      }
    }
  }
  decoded.consumed = decoder.totalIn
  try decoder.finish()
  return decoded
}

/// The error `body` throws, or nil when it returns normally.
func inflateError(_ body: () throws -> Void) -> InflateError? {
  do {
    try body()
    return nil
  } catch let error as InflateError {
    return error
  } catch {
    Issue.record("unexpected error type: \(error)")
    return nil
  }
}
