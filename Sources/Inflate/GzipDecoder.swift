import Foundation

/// A streaming gzip decoder (RFC 1952) over the `Inflater`.
///
/// Input arrives in chunks of any size and output leaves through a closure as it is decoded.
/// Each member's header (with FEXTRA, FNAME, FCOMMENT and a checked FHCRC), DEFLATE body and
/// trailer (CRC-32 and ISIZE, both checked) are read in turn. Concatenated members decode as the
/// concatenation of their contents, as `gzip -d` and Python's `gzip.decompress` do.
///
/// Trailing data rule: zero bytes may pad the stream between and after members (tape and block
/// devices add them); any other byte after a member must start a new member, otherwise
/// decoding fails with `InflateError.trailingGarbage`.
///
/// Output is handed out before the member's trailer arrives, so a CRC or size mismatch is
/// reported after the damaged bytes went out; treat everything as suspect until `finish()`
/// returns. The output limit counts all members together.
///
/// Implements RFC 1952 §2.2–2.3 (member format, header flags, trailer).
public struct GzipDecoder: Sendable {
  /// Where in the member the decoder is.
  enum State: Equatable, Sendable {
    /// Between members: expecting magic, padding or the end.
    case memberStart
    /// Collecting ID1 ID2 CM FLG MTIME XFL OS (10 bytes).
    case fixedHeader
    /// Collecting XLEN (2 bytes).
    case extraLength
    /// Inside the FEXTRA field.
    case extra(remaining: Int)
    /// Inside the zero-terminated FNAME.
    case fileName
    /// Inside the zero-terminated FCOMMENT.
    case comment
    /// Collecting CRC16 (2 bytes).
    case headerCRC
    /// Inside the DEFLATE data.
    case body
    /// Collecting CRC32 and ISIZE (8 bytes).
    case trailer
  }

  /// Flag bits of the FLG byte (RFC 1952 §2.3.1).
  enum Flag {
    /// FTEXT: probably text.
    static let text: UInt8 = 0x01
    /// FHCRC: a CRC-16 of the header follows it.
    static let headerCRC: UInt8 = 0x02
    /// FEXTRA: an extra field is present.
    static let extra: UInt8 = 0x04
    /// FNAME: a zero-terminated file name is present.
    static let name: UInt8 = 0x08
    /// FCOMMENT: a zero-terminated comment is present.
    static let comment: UInt8 = 0x10
    /// Bits 5–7, which must be zero.
    static let reserved: UInt8 = 0xE0
  }

  /// The largest number of bytes this decoder will produce across all members.
  public let outputLimit: Int
  /// The header of the most recent member whose header has been read completely.
  public internal(set) var header: GzipHeader?
  /// Members decoded completely, trailer checked.
  public internal(set) var memberCount = 0
  /// Input bytes consumed so far.
  public private(set) var totalIn = 0
  /// Output bytes handed out so far.
  public private(set) var totalOut = 0

  /// Decodes each member's body; reset between members.
  var inflater: Inflater
  /// Where in the member the next byte belongs.
  var state = State.memberStart
  /// Bytes of the fixed-size field being collected.
  var field: [UInt8] = []
  /// FLG of the current member.
  var flags: UInt8 = 0
  /// The current member's header while it is being read.
  var pendingHeader = GzipHeader()
  /// FNAME or FCOMMENT bytes collected so far (capped).
  var textBytes: [UInt8] = []
  /// CRC-32 of the header bytes so far, for FHCRC.
  var headerCRC = CRC32()
  /// CRC-32 of the current member's output.
  var crc = CRC32()
  /// Output bytes of the current member.
  var memberSize = 0
  /// The error that stopped decoding; every later call rethrows it.
  var failure: InflateError?

  /// Creates a decoder that fails with `InflateError.outputLimit` rather than produce more than
  /// `outputLimit` bytes in total.
  public init(outputLimit: Int = .max) {
    self.outputLimit = max(0, outputLimit)
    inflater = Inflater(outputLimit: self.outputLimit)
  }

  /// Consumes all of `input`, handing decoded bytes to `output` as they are produced.
  ///
  /// The buffer passed to `output` is only valid during the call. After an error, every later
  /// call rethrows it.
  public mutating func decompress(_ input: UnsafeRawBufferPointer, output: Inflater.Output)
    throws
  {
    if let failure { throw failure }
    guard let base = input.baseAddress else { return }
    let bytes = UnsafeBufferPointer(
      start: base.assumingMemoryBound(to: UInt8.self), count: input.count)
    var index = 0
    defer { totalIn += index }
    do {
      while index < bytes.count {
        if state == .body {
          index += try inflate(UnsafeRawBufferPointer(rebasing: input[index...]), output)
          continue
        }
        try consume(bytes[index], at: totalIn + index)
        index += 1
      }
    } catch let error as InflateError {
      failure = error
      throw error
    }
  }

  /// Consumes an array, `Data` or other contiguous bytes; see the raw-buffer overload.
  public mutating func decompress(_ input: some ContiguousBytes, output: Inflater.Output) throws {
    try input.withUnsafeBytes { try decompress($0, output: output) }
  }

  /// Declares the input complete; throws `.truncated` unless it ended between members after at
  /// least one complete member.
  public mutating func finish() throws {
    if let failure { throw failure }
    let place: String
    switch state {
    case .memberStart where memberCount > 0: return
    case .memberStart: place = "before the first member (empty input)"
    case .body: place = "inside a member's compressed data"
    case .trailer: place = "inside a member's trailer"
    default: place = "inside a member header"
    }
    let error = InflateError.truncated("gzip data ended \(place)")
    failure = error
    throw error
  }

  /// Decodes a complete gzip stream (one or more members) held in memory.
  public static func decompress(_ data: some ContiguousBytes, outputLimit: Int = .max) throws
    -> [UInt8]
  {
    var decoder = GzipDecoder(outputLimit: outputLimit)
    var result: [UInt8] = []
    try decoder.decompress(data) { result.append(contentsOf: $0) }
    try decoder.finish()
    return result
  }

  /// Feeds the body of a member to the inflater; returns the bytes it consumed.
  mutating func inflate(_ input: UnsafeRawBufferPointer, _ output: Inflater.Output) throws -> Int {
    var crc = self.crc
    var size = 0
    defer {
      self.crc = crc
      memberSize += size
      totalOut += size
    }
    let used: Int
    do {
      used = try inflater.decompress(input) { piece in
        crc.update(UnsafeRawBufferPointer(piece))
        size += piece.count
        try output(piece)
      }
    } catch InflateError.outputLimit(_) {
      // The inflater only knows what is left for this member; report the caller's limit.
      throw InflateError.outputLimit(outputLimit)
    }
    if inflater.isFinished {
      state = .trailer
      field.removeAll(keepingCapacity: true)
    }
    return used
  }
}
