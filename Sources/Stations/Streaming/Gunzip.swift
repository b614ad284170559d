import Inflate

/// A gzip stream decoded as its compressed bytes arrive, with the station files' output limit
/// and decompression-bomb rule checked after every slice (`StationFileBytes.checkExpansion`).
struct Gunzip {
  private var decoder: GzipDecoder
  private var fed = 0
  private var produced = 0

  init(limit: Int) {
    decoder = GzipDecoder(outputLimit: limit)
  }

  /// Decodes one slice of compressed bytes, handing the text out in pieces.
  mutating func feed(
    _ slice: UnsafeRawBufferPointer, _ output: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    var produced = self.produced
    defer { self.produced = produced }
    try decoder.decompress(slice) { piece in
      produced += piece.count
      try output(piece)
    }
    fed += slice.count
    try StationFileBytes.checkExpansion(output: produced, input: fed)
  }

  /// Declares the input complete: a stream cut short is an error.
  mutating func finish() throws {
    try decoder.finish()
  }
}
