/// Decoding the symbols of a Huffman-coded block (RFC 1951 §3.2.5).
///
/// Two paths share the tables. The fast loop runs while at least 8 input bytes and 258 bytes of
/// window room remain: it refills 56+ bits at once, which covers the longest item (a 15-bit
/// length code, 5 extra bits, a 15-bit distance code and 13 extra bits = 48 bits), so it never
/// checks for input mid-item. The careful path decodes one item at a time near the ends of the
/// input or the window, pulling a byte only when the item needs it and committing bits only when
/// the whole item is there, which is what lets decoding stop and resume at any byte.
extension Inflater {
  /// One literal/length item as seen by the careful path, with the bits it spans.
  enum Item {
    /// The item is incomplete; every byte pulled so far stays in the bit buffer.
    case needInput
    /// One literal byte.
    case literal(UInt8, bits: Int)
    /// A back-reference: copy `length` bytes from `distance` bytes back.
    case match(length: Int, distance: Int, bits: Int)
    /// Symbol 256.
    case endOfBlock(bits: Int)
  }

  /// Decodes symbols until the block ends (true) or the input runs out (false).
  mutating func decodeHuffmanBlock(_ reader: inout BitReader, _ output: Output) throws -> Bool {
    let window = storage.window
    while true {
      let room = writableBytes
      if reader.bytesLeft >= 8 && room >= 258 {
        var out = window + outPosition
        let ended = try fastLoop(&reader, window: window, out: &out, end: out + (room - 258))
        outPosition = out - window
        reader.returnUnusedBytes()
        if ended { return true }
      }
      switch try peekItem(reader) {
      case .needInput:
        guard reader.pullByte() else { return false }
      case .endOfBlock(let bits):
        reader.drop(bits)
        return true
      case .literal(let byte, let bits):
        _ = try makeRoom(1, output)
        reader.drop(bits)
        window[outPosition] = byte
        outPosition += 1
      case .match(let length, let distance, let bits):
        guard distance <= outPosition else {
          throw InflateError.distanceTooFarBack(distance: distance, available: outPosition)
        }
        _ = try makeRoom(length, output)
        reader.drop(bits)
        let target = window + outPosition
        for index in 0..<length { target[index] = target[index - distance] }
        outPosition += length
      }
    }
  }

  /// Decodes items with no input or room checks until `out` passes `end`, fewer than 8 input
  /// bytes remain, or the block ends (returns true).
  @inline(__always)
  func fastLoop(
    _ reader: inout BitReader, window: UnsafeMutablePointer<UInt8>,
    out outPointer: inout UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>
  ) throws(InflateError) -> Bool {
    let literals = UnsafePointer(storage.literalTable)
    let distances = UnsafePointer(storage.distanceTable)
    let literalMask: UInt64 = (1 << UInt64(Self.literalRootBits)) - 1
    let distanceMask: UInt64 = (1 << UInt64(Self.distanceRootBits)) - 1
    var bits = reader.buffer
    var count = UInt64(reader.count)
    var next = reader.next
    let inputEnd = reader.end - 8
    var out = outPointer
    defer {
      reader.buffer = bits
      reader.count = Int(count)
      reader.next = next
      outPointer = out
    }
    while next <= inputEnd && out <= end {
      bits |= UInt64(littleEndian: UnsafeRawPointer(next).loadUnaligned(as: UInt64.self)) &<< count
      next += Int(truncatingIfNeeded: (63 &- count) &>> 3)
      count |= 56

      var entry = literals[Int(truncatingIfNeeded: bits & literalMask)]
      if entry & HuffmanTable.kindMask == HuffmanTable.link {
        bits &>>= UInt64(Self.literalRootBits)
        count &-= UInt64(Self.literalRootBits)
        entry = literals[subtableIndex(entry, bits)]
      }
      bits &>>= UInt64(entry & 0xF)
      count &-= UInt64(entry & 0xF)
      let kind = entry & HuffmanTable.kindMask
      if kind == HuffmanTable.literal {
        out.pointee = UInt8(truncatingIfNeeded: entry &>> 16)
        out += 1
        // At least 41 bits remain, enough for another literal code without a refill.
        entry = literals[Int(truncatingIfNeeded: bits & literalMask)]
        if entry & HuffmanTable.kindMask == HuffmanTable.literal {
          bits &>>= UInt64(entry & 0xF)
          count &-= UInt64(entry & 0xF)
          out.pointee = UInt8(truncatingIfNeeded: entry &>> 16)
          out += 1
        }
        continue
      }
      guard kind == HuffmanTable.base else {
        if kind == HuffmanTable.endOfBlock { return true }
        throw Self.literalError(entry)
      }
      let length = Int(entry &>> 16) &+ extraBits(entry, &bits, &count)

      var distanceEntry = distances[Int(truncatingIfNeeded: bits & distanceMask)]
      if distanceEntry & HuffmanTable.kindMask == HuffmanTable.link {
        bits &>>= UInt64(Self.distanceRootBits)
        count &-= UInt64(Self.distanceRootBits)
        distanceEntry = distances[subtableIndex(distanceEntry, bits)]
      }
      bits &>>= UInt64(distanceEntry & 0xF)
      count &-= UInt64(distanceEntry & 0xF)
      guard distanceEntry & HuffmanTable.kindMask == HuffmanTable.base else {
        throw Self.distanceError(distanceEntry)
      }
      let distance = Int(distanceEntry &>> 16) &+ extraBits(distanceEntry, &bits, &count)
      guard distance <= out - window else {
        throw .distanceTooFarBack(distance: distance, available: out - window)
      }
      Self.copyMatch(to: out, length: length, distance: distance)
      out += length
    }
    return false
  }

  /// The slot a link entry points to, indexed by the bits after the root.
  @inline(__always) func subtableIndex(_ link: UInt32, _ bits: UInt64) -> Int {
    let width = UInt64((link &>> 4) & 0xF)
    return Int(link &>> 16) &+ Int(truncatingIfNeeded: bits & ((1 &<< width) &- 1))
  }

  /// Consumes and returns the extra bits an entry announces.
  @inline(__always) func extraBits(_ entry: UInt32, _ bits: inout UInt64, _ count: inout UInt64)
    -> Int
  {
    let width = UInt64((entry &>> 4) & 0xF)
    let value = Int(truncatingIfNeeded: bits & ((1 &<< width) &- 1))
    bits &>>= width
    count &-= width
    return value
  }

  /// Copies a back-reference; may write up to 7 bytes past its end (the window has slack).
  ///
  /// Copies of 8 or more bytes back move whole words, which is safe because each word's source
  /// was written before; distance 1 is a run of one byte; shorter distances go byte by byte so
  /// the pattern repeats as RFC 1951 §3.2.3 requires.
  @inline(__always)
  static func copyMatch(to out: UnsafeMutablePointer<UInt8>, length: Int, distance: Int) {
    let end = out + length
    if distance >= 8 {
      var source = UnsafeRawPointer(out - distance)
      var target = UnsafeMutableRawPointer(out)
      repeat {
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        source += 8
        target += 8
      } while target < UnsafeMutableRawPointer(end)
    } else if distance == 1 {
      let word = UInt64((out - 1).pointee) &* 0x0101_0101_0101_0101
      var target = UnsafeMutableRawPointer(out)
      repeat {
        target.storeBytes(of: word, as: UInt64.self)
        target += 8
      } while target < UnsafeMutableRawPointer(end)
    } else {
      var target = out
      repeat {
        target.pointee = (target - distance).pointee
        target += 1
      } while target < end
    }
  }
}
