import Inflate
import Testing

/// Corrupt and truncated DEFLATE data: each fails with the error that says what was wrong.
extension InflaterTests {
  /// Decodes a crafted stream whole, byte by byte, and followed by padding that lets the fast
  /// loop run; all three must fail with the same error.
  private func failure(_ bytes: [UInt8]) -> InflateError? {
    let whole = inflateError { _ = try inflate(bytes) }
    let chunked = inflateError { _ = try inflate(bytes, .bytes) }
    let padded = inflateError { _ = try inflate(bytes + [UInt8](repeating: 0, count: 16)) }
    #expect(whole == chunked)
    #expect(whole == padded)
    return whole
  }

  /// The start of a dynamic block whose code-length code gives `lengths[symbol]` bits.
  private func dynamicBlock(literals: Int = 257, distances: Int = 1, lengths: [Int: Int])
    -> BitWriter
  {
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    let count = max(4, (order.lastIndex { lengths[$0] != nil } ?? 0) + 1)
    var writer = BitWriter()
    writer.write(1, 1)
    writer.write(2, 2)
    writer.write(literals - 257, 5)
    writer.write(distances - 1, 5)
    writer.write(count - 4, 4)
    for symbol in order.prefix(count) { writer.write(lengths[symbol] ?? 0, 3) }
    return writer
  }

  /// Block type 3 is reserved.
  @Test func invalidBlockType() {
    #expect(failure([0x07]) == .invalidBlockType(3))
    #expect(failure([0x06]) == .invalidBlockType(3))
    #expect(InflateError.invalidBlockType(3).description.contains("invalid block type 3"))
  }

  /// A stored block whose NLEN is not the complement of LEN is rejected.
  @Test func storedLengthMismatch() {
    #expect(
      failure([0x01, 0x05, 0x00, 0x00, 0x00]) == .storedLengthMismatch(length: 5, complement: 0))
  }

  /// A back-reference before the first byte fails with the distance and the history size.
  @Test func distanceTooFarBack() {
    var writer = BitWriter()
    writer.write(1, 1)
    writer.write(1, 2)
    writer.fixedSymbol(0x41)
    writer.fixedSymbol(257)  // length 3
    writer.code(29, 5)  // distance 24577 + 13 extra bits
    writer.write(0x1FFF, 13)
    writer.fixedSymbol(256)
    let error = failure(writer.bytes)
    #expect(error == .distanceTooFarBack(distance: 32768, available: 1))
    #expect(error?.description.contains("distance 32768 too far back") == true)

    var empty = BitWriter()
    empty.write(1, 1)
    empty.write(1, 2)
    empty.fixedSymbol(257)
    empty.code(0, 5)
    #expect(failure(empty.bytes) == .distanceTooFarBack(distance: 1, available: 0))
  }

  /// Distance symbols 30–31 and literal/length symbols 286–287 exist in the fixed code only to
  /// complete it; a stream using them is corrupt.
  @Test func reservedSymbols() {
    var distance = BitWriter()
    distance.write(1, 1)
    distance.write(1, 2)
    distance.fixedSymbol(0x41)
    distance.fixedSymbol(257)
    distance.code(30, 5)
    #expect(failure(distance.bytes) == .invalidCode("invalid distance symbol 30"))

    var literal = BitWriter()
    literal.write(1, 1)
    literal.write(1, 2)
    literal.fixedSymbol(286)
    #expect(failure(literal.bytes) == .invalidCode("invalid literal/length symbol 286"))
  }

  /// Broken dynamic headers fail with `badCodeLengths` naming the rule.
  @Test func badCodeLengths() {
    let empty = dynamicBlock(lengths: [15: 0])
    #expect(failure(empty.bytes) == .badCodeLengths("code-length code is empty"))

    var allOnes: [Int: Int] = [:]
    for symbol in 0..<19 { allOnes[symbol] = 1 }
    #expect(
      failure(dynamicBlock(lengths: allOnes).bytes)
        == .badCodeLengths("code-length code is over-subscribed"))

    #expect(
      failure(dynamicBlock(literals: 287, lengths: [0: 1, 18: 1]).bytes)
        == .badCodeLengths("287 literal/length codes, at most 286 exist"))

    // Codes: 0 → 00, 16 → 01, 17 → 10, 18 → 11.
    let twoBits = [0: 2, 16: 2, 17: 2, 18: 2]
    var repeatFirst = dynamicBlock(lengths: twoBits)
    repeatFirst.code(1, 2)
    repeatFirst.write(0, 2)
    #expect(
      failure(repeatFirst.bytes) == .badCodeLengths("repeat code 16 with no previous length"))

    var noEnd = dynamicBlock(lengths: twoBits)
    noEnd.code(3, 2)
    noEnd.write(127, 7)  // 138 zeros
    noEnd.code(3, 2)
    noEnd.write(108, 7)  // 119 zeros
    noEnd.code(0, 2)  // the distance length, zero
    #expect(failure(noEnd.bytes) == .badCodeLengths("no code for end-of-block"))

    var overrun = dynamicBlock(lengths: twoBits)
    overrun.code(3, 2)
    overrun.write(127, 7)
    overrun.code(3, 2)
    overrun.write(127, 7)
    #expect(
      failure(overrun.bytes) == .badCodeLengths("a repeat runs past the last of 258 code lengths"))

    // Codes: 0 → 00, 2 → 01, 17 → 10, 18 → 11; 'A' and end-of-block get 2 bits each, which
    // leaves half the literal/length code space unused.
    var incomplete = dynamicBlock(lengths: [0: 2, 2: 2, 17: 2, 18: 2])
    incomplete.code(3, 2)
    incomplete.write(54, 7)  // 65 zeros
    incomplete.code(1, 2)  // 'A'
    incomplete.code(3, 2)
    incomplete.write(127, 7)  // 138 zeros
    incomplete.code(3, 2)
    incomplete.write(41, 7)  // 52 zeros
    incomplete.code(1, 2)  // end of block
    incomplete.code(1, 2)  // distance 0
    #expect(failure(incomplete.bytes) == .badCodeLengths("literal/length code is incomplete"))
  }

  /// A stream cut anywhere fails in `finish()` with `.truncated`, never a crash or a hang.
  @Test func truncationAtManyCutPoints() throws {
    guard let corpus = try Corpus.load() else { return }
    var generator = SeededGenerator(seed: 42)
    for variant in Corpus.variants {
      let compressed = try corpus.bytes("text.\(variant).deflate")
      let early = Array(0..<min(200, compressed.count))
      let later = (0..<15).map { _ in Int.random(in: 0..<compressed.count, using: &generator) }
      for cut in early + later {
        let chunking: Chunking = cut % 5 == 0 ? .random(maximum: 64, seed: UInt64(cut)) : .whole
        let error = inflateError { _ = try inflate(Array(compressed[..<cut]), chunking) }
        guard case .truncated = error else {
          Issue.record("text.\(variant) cut at \(cut): \(String(describing: error))")
          continue
        }
      }
    }
    #expect(
      inflateError { _ = try inflate([]) }
        == .truncated("deflate data ended before its final block"))
  }

  /// Randomly damaged streams either decode or throw an `InflateError`; they never crash, hang
  /// or write past the limit (run under `--sanitize=address` to check memory safety too).
  @Test func damagedStreamsFailCleanly() throws {
    guard let corpus = try Corpus.load() else { return }
    var generator = SeededGenerator(seed: 2024)
    for variant in ["default", "fixed", "stored", "rle", "flushes"] {
      let compressed = Array(try corpus.bytes("text.\(variant).deflate").prefix(30_000))
      for _ in 0..<60 {
        var damaged = compressed
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let bit = Int.random(in: 0..<(damaged.count * 8), using: &generator)
          damaged[bit / 8] ^= 1 << UInt8(bit % 8)
        }
        var delivered = 0
        var inflater = Inflater(outputLimit: 1_000_000)
        do {
          try inflater.decompress(damaged) { delivered += $0.count }
        } catch {
          #expect(error is InflateError)
        }
        #expect(delivered <= 1_000_000)
      }
    }
  }

  /// Once a decoder has failed, every later call rethrows the same error.
  @Test func errorsAreSticky() {
    var inflater = Inflater()
    #expect(inflateError { try inflater.decompress([0x07]) { _ in } } == .invalidBlockType(3))
    #expect(
      inflateError { try inflater.decompress([0x03, 0x00]) { _ in } } == .invalidBlockType(3))
    #expect(inflateError { try inflater.finish() } == .invalidBlockType(3))
  }
}
