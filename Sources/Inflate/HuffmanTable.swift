/// Builds lookup tables that decode canonical Huffman codes (RFC 1951 §3.2.2).
///
/// A table is a root level indexed by the next `rootBits` input bits, plus subtables for the
/// rarer codes longer than that, the layout zlib's `inflate_table` uses. Every code shorter than
/// the root is replicated into each slot its unused high bits could select, so a lookup is one
/// load in the common case and two for long codes.
///
/// Each entry is a packed `UInt32`:
/// - bits 0–3: how many bits this entry consumes at its level (the code length, or the root
///   width for a link);
/// - bits 4–7: extra bits that follow the code (RFC 1951 §3.2.5), or a subtable's index width;
/// - bits 8–15: the kind (`literal`, `base`, `endOfBlock`, `link`, `invalid`);
/// - bits 16–31: the literal byte, the length or distance base, the subtable offset, or the
///   offending symbol of an invalid entry (`noSymbol` for slots no code reaches).
enum HuffmanTable {
  /// Selects the kind bits of an entry.
  static let kindMask: UInt32 = 0xFF00
  /// A literal byte, or a code-length symbol when decoding a dynamic header.
  static let literal: UInt32 = 0x000
  /// A length or distance: base value plus extra bits.
  static let base: UInt32 = 0x100
  /// Symbol 256, the end of the block.
  static let endOfBlock: UInt32 = 0x200
  /// A pointer to a subtable for codes longer than the root width.
  static let link: UInt32 = 0x300
  /// A symbol no valid stream uses, or a slot of an incomplete code.
  static let invalid: UInt32 = 0x400
  /// The value of an invalid slot that no code reaches at all.
  static let noSymbol: UInt32 = 0xFFFF

  /// Packs everything an entry holds except its bit count, which the builder adds.
  static func template(kind: UInt32, value: Int, extraBits: Int = 0) -> UInt32 {
    UInt32(value) << 16 | kind | UInt32(extraBits) << 4
  }

  /// Why a set of code lengths cannot be used; the text ends up in `badCodeLengths`.
  enum Failure: Error {
    /// More codes of some length than the code space holds.
    case overSubscribed
    /// Code space left unused where RFC 1951 needs a complete code.
    case incomplete
    /// No symbol has a code.
    case empty
    /// The tables would outgrow their buffers (cannot happen for valid lengths).
    case tooLarge

    /// The rule that was broken, phrased for an error message.
    var reason: String {
      switch self {
      case .overSubscribed: return "over-subscribed"
      case .incomplete: return "incomplete"
      case .empty: return "empty"
      case .tooLarge: return "too large"
      }
    }
  }

  /// Fills `table` for the code whose lengths are `lengths[0..<symbolCount]`.
  ///
  /// `templates[symbol]` says what each symbol decodes to. An incomplete code is accepted only
  /// when it is a single code of length one (or empty), as zlib does, because RFC 1951 §3.2.7
  /// allows one distance code and encoders emit one literal/length code for tiny inputs.
  static func build(
    lengths: UnsafePointer<UInt8>, symbolCount: Int, templates: UnsafePointer<UInt32>,
    rootBits: Int, allowSingleCode: Bool, into table: UnsafeMutablePointer<UInt32>,
    capacity: Int
  ) throws(Failure) {
    var counts = LengthCounts()
    for symbol in 0..<symbolCount { counts[Int(lengths[symbol])] += 1 }
    counts[0] = 0
    var maxLength = 15
    while maxLength > 0 && counts[maxLength] == 0 { maxLength -= 1 }

    // Kraft sum: `left` is the code space still free after each length.
    var left = 1
    for length in 1...15 {
      left = (left << 1) - counts[length]
      if left < 0 { throw .overSubscribed }
    }
    let rootSize = 1 << rootBits
    let hole = invalid | noSymbol << 16 | UInt32(rootBits)
    table.update(repeating: hole, count: rootSize)
    if maxLength == 0 {
      // No codes at all: fine for distances (a block of literals only), not for other codes.
      if allowSingleCode { return }
      throw .empty
    }
    if left > 0 && !(allowSingleCode && maxLength == 1) { throw .incomplete }

    // Canonical codes (RFC 1951 §3.2.2 step 2): the first code of each length.
    var nextCode = LengthCounts()
    var code = 0
    for length in 1...15 {
      code = (code + counts[length - 1]) << 1
      nextCode[length] = code
    }
    // Symbols ordered by (length, symbol), the order codes are assigned in.
    var offsets = LengthCounts()
    for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
    try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(symbolCount, 1)) {
      (sorted) throws(Failure) in
      for symbol in 0..<symbolCount where lengths[symbol] != 0 {
        let length = Int(lengths[symbol])
        sorted[offsets[length]] = UInt16(symbol)
        offsets[length] += 1
      }
      let codeCount = offsets[15]
      var remaining = counts
      var used = rootSize
      var subPrefix = -1
      var subOffset = 0
      var subBits = 0
      for index in 0..<codeCount {
        let symbol = Int(sorted[index])
        let length = Int(lengths[symbol])
        let reversed = reverseBits(nextCode[length], length)
        nextCode[length] += 1
        if length <= rootBits {
          let entry = templates[symbol] | UInt32(length)
          var slot = reversed
          while slot < rootSize {
            table[slot] = entry
            slot += 1 << length
          }
        } else {
          let prefix = reversed & (rootSize - 1)
          if prefix != subPrefix {
            // Size the subtable as zlib does: grow while the remaining codes of the next
            // lengths still fit under this prefix.
            var bits = length - rootBits
            var room = 1 << bits
            while bits + rootBits < maxLength {
              room -= remaining[bits + rootBits]
              if room <= 0 { break }
              bits += 1
              room <<= 1
            }
            guard used + (1 << bits) <= capacity else { throw .tooLarge }
            (table + used).update(
              repeating: invalid | noSymbol << 16 | UInt32(bits), count: 1 << bits)
            table[prefix] = link | UInt32(used) << 16 | UInt32(bits) << 4 | UInt32(rootBits)
            subPrefix = prefix
            subOffset = used
            subBits = bits
            used += 1 << bits
          }
          let subLength = length - rootBits
          let entry = templates[symbol] | UInt32(subLength)
          var slot = reversed >> rootBits
          while slot < 1 << subBits {
            table[subOffset + slot] = entry
            slot += 1 << subLength
          }
        }
        remaining[length] -= 1
      }
    }
  }

  /// Reverses the low `count` bits of `value`: codes are defined most significant bit first but
  /// arrive least significant bit first (RFC 1951 §3.1.1).
  @inline(__always) static func reverseBits(_ value: Int, _ count: Int) -> Int {
    var input = value
    var output = 0
    for _ in 0..<count {
      output = output << 1 | input & 1
      input >>= 1
    }
    return output
  }
}
