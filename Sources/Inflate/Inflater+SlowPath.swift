/// The careful, one-item-at-a-time decoder used near the end of an input chunk or the window.
extension Inflater {
  /// Decodes the next item from the bits at hand without consuming them.
  ///
  /// Returns `.needInput` when the bits run out part-way; the caller pulls one more byte and asks
  /// again, so the item is re-read from its first bit (a checkpoint at every symbol boundary).
  /// Bits above `reader.count` are zero, which makes peeking at a table with too few bits safe:
  /// the entry found then is either a code that fits in the real bits or asks for more.
  /// Invalid entries claim the full index width, so an error is only reported once the bits
  /// that prove it have arrived.
  func peekItem(_ reader: BitReader) throws(InflateError) -> Item {
    let bits = reader.buffer
    let available = reader.count
    guard
      let (entry, used) = lookup(
        storage.literalTable, rootBits: Self.literalRootBits, bits: bits, available: available)
    else { return .needInput }
    switch entry & HuffmanTable.kindMask {
    case HuffmanTable.literal:
      return .literal(UInt8(truncatingIfNeeded: entry >> 16), bits: used)
    case HuffmanTable.endOfBlock:
      return .endOfBlock(bits: used)
    case HuffmanTable.base:
      break
    default:
      throw Self.literalError(entry)
    }
    let lengthExtra = Int((entry >> 4) & 0xF)
    guard used + lengthExtra <= available else { return .needInput }
    let length =
      Int(entry >> 16) + Int(truncatingIfNeeded: (bits >> UInt64(used)) & mask(lengthExtra))
    let distanceStart = used + lengthExtra
    guard
      let (distanceEntry, distanceUsed) = lookup(
        storage.distanceTable, rootBits: Self.distanceRootBits, bits: bits >> UInt64(distanceStart),
        available: available - distanceStart)
    else { return .needInput }
    guard distanceEntry & HuffmanTable.kindMask == HuffmanTable.base else {
      throw Self.distanceError(distanceEntry)
    }
    let distanceExtra = Int((distanceEntry >> 4) & 0xF)
    let extraStart = distanceStart + distanceUsed
    guard extraStart + distanceExtra <= available else { return .needInput }
    let distance =
      Int(distanceEntry >> 16)
      + Int(truncatingIfNeeded: (bits >> UInt64(extraStart)) & mask(distanceExtra))
    return .match(length: length, distance: distance, bits: extraStart + distanceExtra)
  }

  /// The entry for the code at the start of `bits` and its total code length, or nil when fewer
  /// than that many bits are available.
  private func lookup(
    _ table: UnsafeMutablePointer<UInt32>, rootBits: Int, bits: UInt64, available: Int
  ) -> (UInt32, Int)? {
    var entry = table[Int(truncatingIfNeeded: bits & mask(rootBits))]
    var used = Int(entry & 0xF)
    if entry & HuffmanTable.kindMask == HuffmanTable.link {
      guard rootBits <= available else { return nil }
      entry = table[subtableIndex(entry, bits >> UInt64(rootBits))]
      used = rootBits + Int(entry & 0xF)
    }
    return used <= available ? (entry, used) : nil
  }

  /// A mask of the low `width` bits.
  @inline(__always) private func mask(_ width: Int) -> UInt64 {
    (1 << UInt64(width)) - 1
  }

  /// The error for an invalid literal/length table entry.
  static func literalError(_ entry: UInt32) -> InflateError {
    let symbol = entry >> 16
    return symbol == HuffmanTable.noSymbol
      ? .invalidCode("invalid literal/length code (unused by the block's code)")
      : .invalidCode("invalid literal/length symbol \(symbol)")
  }

  /// The error for an invalid distance table entry.
  static func distanceError(_ entry: UInt32) -> InflateError {
    let symbol = entry >> 16
    return symbol == HuffmanTable.noSymbol
      ? .invalidCode("invalid distance code (unused by the block's code)")
      : .invalidCode("invalid distance symbol \(symbol)")
  }
}
