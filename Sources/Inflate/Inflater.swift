import Foundation

/// A streaming decoder for raw DEFLATE data (RFC 1951), the format inside gzip and zip.
///
/// Feed input in chunks of any size, down to one byte, as it arrives; decoded bytes are handed
/// to a closure in pieces as they are produced, so memory stays at about 270 KiB however large
/// the output is. The decoder can stop at any input boundary and resume with the next chunk:
/// partially read headers and symbols wait in its bit buffer. Output is identical whatever the
/// chunking.
///
/// ```swift
/// var inflater = Inflater(outputLimit: 100_000_000)
/// for chunk in chunks {
///   try inflater.decompress(chunk) { piece in sink.append(contentsOf: piece) }
/// }
/// try inflater.finish()  // throws .truncated if the final block never came
/// ```
///
/// Implements RFC 1951 §3.2: stored, fixed-Huffman and dynamic-Huffman blocks, 32 KiB window.
public struct Inflater: Sendable {
  /// Receives one piece of output; the buffer is only valid during the call.
  public typealias Output = (UnsafeBufferPointer<UInt8>) throws -> Void

  /// Where in the stream the decoder is; each state resumes cleanly when more input arrives.
  enum Mode: Equatable, Sendable {
    /// Before a block's 3-bit header (RFC 1951 §3.2.3).
    case blockHeader
    /// Before a stored block's LEN and NLEN (RFC 1951 §3.2.4).
    case storedHeader
    /// Inside a stored block with `remaining` bytes to copy.
    case stored(remaining: Int)
    /// Before HLIT, HDIST and HCLEN of a dynamic block (RFC 1951 §3.2.7).
    case dynamicHeader
    /// Reading the 3-bit code-length code lengths; `next` counts those read.
    case codeLengthCodes(next: Int)
    /// Reading literal/length and distance code lengths; `next` counts those read.
    case codeLengths(next: Int)
    /// Decoding the Huffman-coded symbols of a block.
    case huffman
    /// The final block ended; further input is not consumed.
    case done
  }

  /// The largest number of bytes this decoder will produce; one more is an error.
  public private(set) var outputLimit: Int
  /// Input bytes consumed so far (exact once `isFinished`, excluding anything after the stream).
  public private(set) var totalIn = 0

  /// Window and tables, copied before mutation when shared.
  var storage = InflaterStorage()
  /// Bits read from earlier chunks but not consumed (see `BitReader`).
  var bitBuffer: UInt64 = 0
  /// How many bits of `bitBuffer` are valid.
  var bitCount = 0
  /// The state to resume in.
  var mode = Mode.blockHeader
  /// BFINAL of the current block: the stream ends with it.
  var isFinalBlock = false
  /// Write index into the window.
  var outPosition = 0
  /// Window index up to which output has been handed out.
  var flushedPosition = 0
  /// Output bytes that slid out of the window before index 0.
  var windowBase = 0
  /// HLIT + 257: literal/length code lengths in the dynamic header being read.
  var literalCount = 0
  /// HDIST + 1: distance code lengths in the dynamic header being read.
  var distanceCount = 0
  /// HCLEN + 4: code-length code lengths in the dynamic header being read.
  var codeLengthCount = 0
  /// The error that stopped decoding; every later call rethrows it.
  var failure: InflateError?

  /// Creates a decoder that fails with `InflateError.outputLimit` rather than produce more than
  /// `outputLimit` bytes.
  public init(outputLimit: Int = .max) {
    self.outputLimit = max(0, outputLimit)
  }

  /// True once the final block has ended; `decompress` then consumes nothing more.
  public var isFinished: Bool { mode == .done }

  /// Bytes handed to the output closure so far.
  public var totalOut: Int { windowBase + flushedPosition }

  /// Decodes as much of `input` as possible, handing new output to `output` before returning.
  ///
  /// Returns how many bytes of `input` were consumed: all of them, unless the stream ended
  /// inside this chunk, in which case the rest belongs to whatever follows the stream (a gzip
  /// trailer, the next zip entry). On a decoding error, output decoded before the bad data is
  /// handed out first and the decoder keeps failing with the same error. If `output` throws,
  /// its error propagates and the decoder should be discarded or reset.
  @discardableResult
  public mutating func decompress(_ input: UnsafeRawBufferPointer, output: Output) throws -> Int {
    if let failure { throw failure }
    guard let base = input.baseAddress, !input.isEmpty, mode != .done else { return 0 }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let start = base.assumingMemoryBound(to: UInt8.self)
    var reader = BitReader(
      buffer: bitBuffer, count: bitCount, start: start, end: start + input.count)
    defer {
      bitBuffer = reader.buffer
      bitCount = reader.count
      totalIn += reader.next - start
    }
    do {
      try run(&reader, output)
    } catch let error as InflateError {
      failure = error
      try flush(output)
      throw error
    }
    try flush(output)
    return reader.next - start
  }

  /// Decodes a chunk held in an array, `Data` or any other contiguous bytes; see the
  /// `UnsafeRawBufferPointer` overload.
  @discardableResult
  public mutating func decompress(_ input: some ContiguousBytes, output: Output) throws -> Int {
    try input.withUnsafeBytes { try decompress($0, output: output) }
  }

  /// Declares the input complete; throws `InflateError.truncated` unless the final block ended.
  public mutating func finish() throws {
    if let failure { throw failure }
    guard mode != .done else { return }
    let error = InflateError.truncated("deflate data ended \(modeDescription)")
    failure = error
    throw error
  }

  /// Returns the decoder to its initial state, keeping its buffers, optionally with a new limit.
  public mutating func reset(outputLimit: Int? = nil) {
    if let outputLimit { self.outputLimit = max(0, outputLimit) }
    if !isKnownUniquelyReferenced(&storage) { storage = InflaterStorage() }
    totalIn = 0
    bitBuffer = 0
    bitCount = 0
    mode = .blockHeader
    isFinalBlock = false
    outPosition = 0
    flushedPosition = 0
    windowBase = 0
    failure = nil
  }

  /// Decodes a complete raw DEFLATE stream held in memory.
  ///
  /// Throws `.truncated` if the stream does not end; bytes after its end are ignored.
  public static func decompress(_ data: some ContiguousBytes, outputLimit: Int = .max) throws
    -> [UInt8]
  {
    var inflater = Inflater(outputLimit: outputLimit)
    var result: [UInt8] = []
    try inflater.decompress(data) { result.append(contentsOf: $0) }
    try inflater.finish()
    return result
  }

  /// Runs the block-level state machine until the input runs out or the stream ends.
  mutating func run(_ reader: inout BitReader, _ output: Output) throws {
    while true {
      switch mode {
      case .blockHeader:
        guard reader.need(3) else { return }
        isFinalBlock = reader.take(1) == 1
        switch reader.take(2) {
        case 0:
          mode = .storedHeader
        case 1:
          loadFixedTables()
          mode = .huffman
        case 2:
          mode = .dynamicHeader
        case let type:
          throw InflateError.invalidBlockType(type)
        }
      case .storedHeader:
        reader.alignToByte()
        guard reader.need(32) else { return }
        let length = reader.take(16)
        let complement = reader.take(16)
        guard length == ~complement & 0xFFFF else {
          throw InflateError.storedLengthMismatch(length: length, complement: complement)
        }
        mode = .stored(remaining: length)
      case .stored(let remaining):
        guard try copyStored(&reader, remaining: remaining, output) else { return }
        endBlock(&reader)
      case .dynamicHeader, .codeLengthCodes, .codeLengths:
        guard try readDynamicHeader(&reader) else { return }
        mode = .huffman
      case .huffman:
        guard try decodeHuffmanBlock(&reader, output) else { return }
        endBlock(&reader)
      case .done:
        return
      }
    }
  }

  /// Moves to the next block, or ends the stream after the final one.
  ///
  /// At the end, the partial byte is dropped and any whole bytes still in the bit buffer go back
  /// to the input, so `decompress` reports exactly where the DEFLATE data stopped.
  mutating func endBlock(_ reader: inout BitReader) {
    guard isFinalBlock else {
      mode = .blockHeader
      return
    }
    mode = .done
    reader.alignToByte()
    reader.returnUnusedBytes()
  }

  /// Copies up to `remaining` bytes of a stored block; true when the block is complete.
  mutating func copyStored(_ reader: inout BitReader, remaining: Int, _ output: Output) throws
    -> Bool
  {
    var remaining = remaining
    while remaining > 0 {
      let room = try makeRoom(1, output)
      if reader.count >= 8 {
        // Bytes already pulled into the bit buffer come first.
        storage.window[outPosition] = UInt8(truncatingIfNeeded: reader.take(8))
        outPosition += 1
        remaining -= 1
        continue
      }
      let count = min(remaining, reader.bytesLeft, room)
      guard count > 0 else {
        mode = .stored(remaining: remaining)
        return false
      }
      UnsafeMutableRawPointer(storage.window + outPosition).copyMemory(
        from: reader.next, byteCount: count)
      reader.next += count
      outPosition += count
      remaining -= count
    }
    return true
  }

  /// Copies the fixed Huffman tables of RFC 1951 §3.2.6 into the working tables.
  mutating func loadFixedTables() {
    Self.fixedLiteralTable.withUnsafeBufferPointer {
      storage.literalTable.update(from: $0.baseAddress!, count: $0.count)
    }
    Self.fixedDistanceTable.withUnsafeBufferPointer {
      storage.distanceTable.update(from: $0.baseAddress!, count: $0.count)
    }
  }

  /// Where the stream stopped, for the truncation message.
  var modeDescription: String {
    switch mode {
    case .blockHeader:
      return "before its final block"
    case .storedHeader:
      return "inside a stored block header"
    case .stored(let remaining):
      return "inside a stored block (\(remaining) bytes missing)"
    case .dynamicHeader, .codeLengthCodes, .codeLengths:
      return "inside a dynamic block header"
    case .huffman:
      return "inside a compressed block"
    case .done:
      return "normally"
    }
  }
}
