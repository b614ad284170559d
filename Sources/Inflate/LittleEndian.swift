/// Little-endian integer reads from a byte array; callers check bounds first.
struct LittleEndian {
  /// The bytes read from.
  let bytes: [UInt8]

  /// Wraps `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The 16-bit value at `offset`.
  func u16(_ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
  }

  /// The 32-bit value at `offset`.
  func u32(_ offset: Int) -> Int {
    u16(offset) | u16(offset + 2) << 16
  }
}
