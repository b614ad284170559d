/// The bit-level view of one input chunk, in the order RFC 1951 §3.1.1 defines.
///
/// Bytes are consumed least-significant bit first, so the next unread bit is always bit 0 of
/// `buffer`. A reader lives only for one `decompress` call: the inflater saves `buffer` and
/// `count` between calls and builds a new reader over the next chunk, which is what makes the
/// decoder resumable at any input boundary.
///
/// Outside the fast loop, bits of `buffer` at and above `count` are zero; the slow path relies on
/// that to peek at a Huffman table with fewer bits than a code needs.
struct BitReader {
  /// Unread bits, the next one in bit 0.
  var buffer: UInt64
  /// How many bits of `buffer` are valid.
  var count: Int
  /// The next input byte not yet moved into `buffer`.
  var next: UnsafePointer<UInt8>
  /// One past the last byte of the chunk.
  let end: UnsafePointer<UInt8>
  /// The first byte of the chunk, to know how many bytes can be handed back.
  let start: UnsafePointer<UInt8>

  /// Creates a reader over `start..<end` continuing from saved bits.
  init(buffer: UInt64, count: Int, start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    self.buffer = buffer
    self.count = count
    self.next = start
    self.end = end
    self.start = start
  }

  /// Bytes of the chunk not yet moved into the bit buffer.
  @inline(__always) var bytesLeft: Int { end - next }

  /// Moves one input byte into the buffer; false when the chunk is exhausted.
  ///
  /// The slow path pulls bytes only when the item it decodes needs them, so after the final
  /// block fewer than 8 bits remain and the stream's byte length is exact (gzip needs that to
  /// find its trailer).
  @inline(__always) mutating func pullByte() -> Bool {
    guard next < end else { return false }
    buffer |= UInt64(next.pointee) &<< UInt64(count)
    next += 1
    count += 8
    return true
  }

  /// Makes at least `bits` bits available (at most 57), or returns false having kept every byte
  /// it pulled.
  @inline(__always) mutating func need(_ bits: Int) -> Bool {
    while count < bits {
      guard pullByte() else { return false }
    }
    return true
  }

  /// The low `bits` bits without consuming them.
  @inline(__always) func peek(_ bits: Int) -> Int {
    Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(bits)) &- 1))
  }

  /// Consumes `bits` bits, which must be available.
  @inline(__always) mutating func drop(_ bits: Int) {
    buffer &>>= UInt64(bits)
    count -= bits
  }

  /// Consumes and returns `bits` bits, which must be available.
  @inline(__always) mutating func take(_ bits: Int) -> Int {
    let value = peek(bits)
    drop(bits)
    return value
  }

  /// Skips to the next byte boundary, as stored blocks require (RFC 1951 §3.2.4).
  @inline(__always) mutating func alignToByte() {
    drop(count & 7)
  }

  /// Tops the buffer up to 56–63 bits with one unaligned 8-byte load; needs `bytesLeft >= 8`.
  ///
  /// This is the branch-free refill of libdeflate: the load may also set bits above `count`, but
  /// they are the true next input bits and the next refill ORs the same values in again.
  @inline(__always) mutating func refill() {
    let word = UInt64(littleEndian: UnsafeRawPointer(next).loadUnaligned(as: UInt64.self))
    buffer |= word &<< UInt64(count)
    next += (63 - count) >> 3
    count |= 56
  }

  /// Hands back whole unread bytes loaded from this chunk and clears bits above `count`.
  ///
  /// Called when the fast loop exits, so the input position is exact again and the slow path's
  /// zero-above-`count` rule holds.
  @inline(__always) mutating func returnUnusedBytes() {
    let whole = min(count >> 3, next - start)
    next -= whole
    count -= whole << 3
    buffer &= (1 &<< UInt64(count)) &- 1
  }
}
