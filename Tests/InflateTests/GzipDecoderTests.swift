import Foundation
import Inflate
import Testing

/// The gzip decoder against python's gzip module: members, header fields, trailers, errors.
@Suite struct GzipDecoderTests {
  /// Concatenated members (one empty) decode as the concatenation of their contents, whatever
  /// the chunking.
  @Test func multipleMembersConcatenate() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("multi.gz")
    let original = try corpus.bytes("multi.raw")
    let chunkings: [Chunking] = [.whole, .bytes, .random(maximum: 300, seed: 1)]
    for chunking in chunkings {
      #expect(try gunzip(compressed, chunking).output == original, "\(chunking)")
    }
    var decoder = GzipDecoder()
    try decoder.decompress(compressed) { _ in }
    try decoder.finish()
    #expect(decoder.memberCount == 4)
    #expect(decoder.totalIn == compressed.count)
    #expect(decoder.totalOut == original.count)
    #expect(try GzipDecoder.decompress(Data(compressed)) == original)
  }

  /// The output limit counts all members together.
  @Test func outputLimitSpansMembers() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("multi.gz")
    let size = try corpus.bytes("multi.raw").count
    #expect(try gunzip(compressed, limit: size).output.count == size)
    let secondMember = try corpus.bytes("text.raw").count + 10
    for limit in [size - 1, secondMember] {
      var delivered = 0
      var decoder = GzipDecoder(outputLimit: limit)
      let error = inflateError {
        try decoder.decompress(compressed) { delivered += $0.count }
      }
      #expect(error == .outputLimit(limit))
      #expect(delivered <= limit)
    }
  }

  /// FTEXT, FHCRC, FEXTRA, FNAME and FCOMMENT are parsed and checked, split anywhere.
  @Test func headerFieldsAreRead() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("flags.gz")
    let original = try corpus.bytes("flags.raw")
    for chunking in [Chunking.whole, .bytes] {
      #expect(try gunzip(compressed, chunking).output == original, "\(chunking)")
    }
    // Stop inside the first member's body to see its header.
    var decoder = GzipDecoder()
    try decoder.decompress(compressed[..<200]) { _ in }
    let first = try #require(decoder.header)
    #expect(first.fileName == "données.txt")
    #expect(first.comment == "made by the corpus script")
    #expect(first.extra == Array("AP\u{4}\0abcd".utf8))
    #expect(first.isText && first.hasHeaderCRC)
    #expect(first.modificationTime == 1_700_000_000)
    #expect(first.extraFlags == 2 && first.operatingSystem == 3)
    try decoder.decompress(compressed[200...]) { _ in }
    try decoder.finish()
    let second = try #require(decoder.header)
    #expect(second.fileName == "produkt.txt")
    #expect(second.modificationTime == 1234)
    #expect(second.comment == nil && second.extra == nil && !second.hasHeaderCRC)
  }

  /// Zero padding after the last member is allowed, anything else is trailing garbage.
  @Test func trailingDataRule() throws {
    guard let corpus = try Corpus.load() else { return }
    let padded = try corpus.bytes("padded.gz")
    #expect(try gunzip(padded).output == (try corpus.bytes("text.raw")))
    let garbage = padded + [0x41]
    #expect(inflateError { _ = try gunzip(garbage) } == .trailingGarbage(offset: padded.count))
    let single = try corpus.bytes("multi.gz")
    let halfMagic = single + [0x1F, 0x00]
    #expect(inflateError { _ = try gunzip(halfMagic) } == .trailingGarbage(offset: single.count))
  }

  /// Input that does not start with 1F 8B is not gzip; empty input is truncated.
  @Test func badMagic() {
    #expect(inflateError { _ = try gunzip(Array("hello".utf8)) } == .notGzip)
    #expect(inflateError { _ = try gunzip([0x1F, 0x8C, 8, 0]) } == .notGzip)
    let empty = inflateError { _ = try gunzip([]) }
    guard case .truncated = empty else {
      Issue.record("empty input gave \(String(describing: empty))")
      return
    }
  }

  /// Header fields RFC 1952 reserves, and a wrong header CRC, are rejected.
  @Test func badHeaders() throws {
    guard let corpus = try Corpus.load() else { return }
    var method = try corpus.bytes("padded.gz")
    method[2] = 7
    #expect(
      inflateError { _ = try gunzip(method) }
        == .badGzipHeader("compression method 7; only 8 (deflate) is defined"))
    var reserved = try corpus.bytes("padded.gz")
    reserved[3] = 0x20
    #expect(
      inflateError { _ = try gunzip(reserved) }
        == .badGzipHeader("reserved flag bits set in FLG 0x20"))
    var headerCRC = try corpus.bytes("flags.gz")
    let crcOffset = 10 + 2 + 8 + "données.txt".count + 1 + "made by the corpus script".count + 1
    headerCRC[crcOffset] ^= 0xFF
    guard case .badGzipHeader = inflateError({ _ = try gunzip(headerCRC) }) else {
      Issue.record("a damaged header CRC was not detected")
      return
    }
  }

  /// A damaged CRC-32 or ISIZE in the trailer is reported with both values.
  @Test func corruptTrailer() throws {
    guard let corpus = try Corpus.load() else { return }
    let good = try corpus.bytes("padded.gz")
    let size = try corpus.bytes("text.raw").count
    let trailer = good.count - 1000 - 8
    let crc = CRC32.checksum(try corpus.bytes("text.raw"))
    var badCRC = good
    badCRC[trailer] ^= 0x01
    #expect(
      inflateError { _ = try gunzip(badCRC) } == .crcMismatch(expected: crc ^ 1, actual: crc))
    var badSize = good
    badSize[trailer + 4] ^= 0x01
    #expect(
      inflateError { _ = try gunzip(badSize) } == .sizeMismatch(expected: size ^ 1, actual: size))
  }

  /// A stream cut anywhere (header, body or trailer) fails in `finish()` with `.truncated`.
  @Test func truncationAtManyCutPoints() throws {
    guard let corpus = try Corpus.load() else { return }
    let compressed = try corpus.bytes("flags.gz")
    var generator = SeededGenerator(seed: 9)
    let cuts =
      Array(1..<80) + (0..<25).map { _ in Int.random(in: 1..<compressed.count, using: &generator) }
      + Array((compressed.count - 20)..<compressed.count)
    for cut in cuts {
      let error = inflateError {
        _ = try gunzip(
          Array(compressed[..<cut]), cut % 3 == 0 ? .random(maximum: 40, seed: 3) : .whole)
      }
      guard case .truncated = error else {
        Issue.record("cut at \(cut) of \(compressed.count): \(String(describing: error))")
        continue
      }
    }
  }

  /// A 1 GiB gzip bomb (about 1 MB of input) stops at a 50 MB limit without going past it.
  @Test func bombStopsAtTheLimit() throws {
    let directory = try ScratchDirectory()
    let script = """
      import sys, zlib
      c = zlib.compressobj(6, zlib.DEFLATED, 31)
      chunk = bytes(1 << 20)
      with open(sys.argv[1], 'wb') as f:
          for _ in range(1024):
              f.write(c.compress(chunk))
          f.write(c.flush())
      """
    guard try Python.run(script, arguments: [directory.path + "/bomb.gz"]) else { return }
    let bomb = try directory.read("bomb.gz")
    #expect(bomb.count < 2_000_000)
    let limit = 50_000_000
    var decoder = GzipDecoder(outputLimit: limit)
    var delivered = 0
    var fed = 0
    let error = inflateError {
      for start in stride(from: 0, to: bomb.count, by: 16384) {
        let chunk = bomb[start..<min(bomb.count, start + 16384)]
        fed += chunk.count
        try decoder.decompress(chunk) { delivered += $0.count }
      }
      try decoder.finish()
    }
    #expect(error == .outputLimit(limit))
    #expect(delivered <= limit)
    #expect(delivered > limit - 300_000)
    #expect(fed < bomb.count / 5)
  }
}
