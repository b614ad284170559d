import Foundation
import Inflate
import Testing

/// The raw DEFLATE decoder against python's zlib, whole and chunked.
@Suite struct InflaterTests {
  /// Every input at every zlib setting decodes to python's original in one call.
  @Test func matchesZlibWhole() throws {
    guard let corpus = try Corpus.load() else { return }
    for input in Corpus.inputs {
      let original = try corpus.bytes(input + ".raw")
      for variant in Corpus.variants {
        let compressed = try corpus.bytes("\(input).\(variant).deflate")
        let decoded = try inflate(compressed)
        #expect(decoded.output == original, "\(input).\(variant)")
        #expect(decoded.consumed == compressed.count, "\(input).\(variant) consumed")
      }
    }
  }

  /// Random-sized chunks give output identical to a single call, for every stream.
  @Test func randomChunksGiveIdenticalOutput() throws {
    guard let corpus = try Corpus.load() else { return }
    for input in Corpus.inputs {
      let original = try corpus.bytes(input + ".raw")
      for (index, variant) in Corpus.variants.enumerated() {
        let compressed = try corpus.bytes("\(input).\(variant).deflate")
        // Tiny chunks on the multi-megabyte input would only slow the debug run down.
        let sizes = input == "large" ? [300, 5000, 70000] : [3, 17, 200, 5000, 70000]
        let maximum = sizes[index % sizes.count]
        let chunking = Chunking.random(maximum: maximum, seed: UInt64(index))
        let decoded = try inflate(compressed, chunking)
        #expect(decoded.output == original, "\(input).\(variant), \(chunking)")
      }
    }
  }

  /// Feeding one byte at a time, the hardest resumption case, gives identical output.
  @Test(arguments: ["empty", "one", "text", "random", "runs"])
  func oneByteChunksGiveIdenticalOutput(input: String) throws {
    guard let corpus = try Corpus.load() else { return }
    let original = try corpus.bytes(input + ".raw")
    for variant in Corpus.variants {
      let compressed = try corpus.bytes("\(input).\(variant).deflate")
      let decoded = try inflate(compressed, .bytes)
      #expect(decoded.output == original, "\(input).\(variant)")
      #expect(decoded.consumed == compressed.count, "\(input).\(variant) consumed")
    }
  }

  /// Output leaves in bounded pieces, so a multi-megabyte stream is never held whole.
  @Test func outputArrivesInBoundedPieces() throws {
    guard let corpus = try Corpus.load() else { return }
    let decoded = try inflate(try corpus.bytes("large.default.deflate"))
    #expect(decoded.output.count > 2_000_000)
    #expect(decoded.largestPiece <= 256 * 1024)
  }

  /// Bytes after the end of the stream are left unconsumed, to the exact byte.
  @Test func stopsExactlyAtTheEndOfTheStream() throws {
    guard let corpus = try Corpus.load() else { return }
    for variant in Corpus.variants {
      let compressed = try corpus.bytes("text.\(variant).deflate")
      let trailer: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0, 1, 2, 3, 4, 5, 6, 7]
      for chunking in [Chunking.whole, .random(maximum: 9, seed: 7)] {
        var inflater = Inflater()
        var consumed = 0
        let input = compressed + trailer
        for range in chunking.ranges(input.count) {
          consumed += try inflater.decompress(input[range]) { _ in }
          if inflater.isFinished { break }
        }
        #expect(inflater.isFinished)
        #expect(consumed == compressed.count, "\(variant), \(chunking)")
        #expect(inflater.totalIn == compressed.count)
        #expect(try inflater.decompress(trailer) { _ in } == 0)
      }
    }
  }

  /// The one-shot helper takes `Data` and arrays alike.
  @Test func oneShotDecodesDataAndArrays() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("runs.best.deflate")
    let original = try corpus.bytes("runs.raw")
    #expect(try Inflater.decompress(compressed) == original)
    #expect(try Inflater.decompress(Data(compressed)) == original)
  }

  /// The output limit stops decoding with `.outputLimit`, having delivered no byte past it,
  /// while a limit equal to the size succeeds.
  @Test func outputLimitStopsDecoding() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("large.default.deflate")
    let size = try corpus.bytes("large.raw").count
    #expect(try inflate(compressed, limit: size).output.count == size)
    for limit in [0, 1, 1000, 300_000, size - 1] {
      var inflater = Inflater(outputLimit: limit)
      var delivered = 0
      let error = inflateError {
        try inflater.decompress(compressed) { delivered += $0.count }
      }
      #expect(error == .outputLimit(limit))
      #expect(delivered <= limit)
      #expect(inflater.totalOut <= limit)
    }
  }

  /// A copy of a decoder mid-stream decodes independently of the original (value semantics).
  @Test func copiesAreIndependent() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("text.default.deflate")
    let original = try corpus.bytes("text.raw")
    var first = Inflater()
    var head: [UInt8] = []
    try first.decompress(compressed[..<50_000]) { head.append(contentsOf: $0) }
    var second = first
    var firstTail: [UInt8] = []
    var secondTail: [UInt8] = []
    try first.decompress(compressed[50_000...]) { firstTail.append(contentsOf: $0) }
    try second.decompress(compressed[50_000...]) { secondTail.append(contentsOf: $0) }
    #expect(head + firstTail == original)
    #expect(head + secondTail == original)
  }

  /// After `reset()` the same decoder decodes another stream.
  @Test func resetStartsOver() throws {
    guard let corpus = try Corpus.load() else { return }
    var inflater = Inflater()
    var output: [UInt8] = []
    try inflater.decompress(try corpus.bytes("text.fast.deflate")[..<1000]) { _ in }
    inflater.reset()
    try inflater.decompress(try corpus.bytes("runs.rle.deflate")) { output.append(contentsOf: $0) }
    try inflater.finish()
    #expect(output == (try corpus.bytes("runs.raw")))
  }
}
