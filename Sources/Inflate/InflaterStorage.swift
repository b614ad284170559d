/// The heap memory of one `Inflater`: the output window and the Huffman tables.
///
/// It is a class only so the buffers are allocated once and freed in `deinit`; `Inflater` copies
/// it before any mutation when it is shared (copy-on-write), so each `Inflater` value still
/// behaves like a value and can be `Sendable`.
final class InflaterStorage: @unchecked Sendable {
  /// History that must stay addressable behind the write position: RFC 1951 §2 limits
  /// distances to 32 KiB.
  static let historySize = 32 * 1024
  /// Usable window bytes; output leaves in pieces of up to `capacity - historySize` bytes.
  static let capacity = 256 * 1024
  /// Bytes past `capacity` the fast loop may scribble on when it copies matches 8 bytes at a time.
  static let slack = 64
  /// Code lengths of one dynamic block: at most 286 literal/length plus 30 distance codes, with
  /// room for the reserved symbols so a header claiming 288 + 32 cannot write out of bounds.
  static let lengthsCapacity = 320

  /// Output window: decoded bytes, of which the last `historySize` serve back-references.
  let window: UnsafeMutablePointer<UInt8>
  /// Literal/length decoding table (see `HuffmanTable`).
  let literalTable: UnsafeMutablePointer<UInt32>
  /// Distance decoding table.
  let distanceTable: UnsafeMutablePointer<UInt32>
  /// Code-length decoding table of the dynamic header being read.
  let codeLengthTable: UnsafeMutablePointer<UInt32>
  /// Code lengths being read from a dynamic header.
  let lengths: UnsafeMutablePointer<UInt8>

  /// Allocates all buffers; only the tables' contents matter before first use.
  init() {
    window = .allocate(capacity: Self.capacity + Self.slack)
    literalTable = .allocate(capacity: Inflater.literalTableCapacity)
    distanceTable = .allocate(capacity: Inflater.distanceTableCapacity)
    codeLengthTable = .allocate(capacity: 1 << Inflater.codeLengthRootBits)
    lengths = .allocate(capacity: Self.lengthsCapacity)
    window.initialize(repeating: 0, count: Self.capacity + Self.slack)
    literalTable.initialize(repeating: HuffmanTable.invalid, count: Inflater.literalTableCapacity)
    distanceTable.initialize(
      repeating: HuffmanTable.invalid, count: Inflater.distanceTableCapacity)
    codeLengthTable.initialize(
      repeating: HuffmanTable.invalid, count: 1 << Inflater.codeLengthRootBits)
    lengths.initialize(repeating: 0, count: Self.lengthsCapacity)
  }

  /// A deep copy, for copy-on-write.
  func copy() -> InflaterStorage {
    let other = InflaterStorage()
    other.window.update(from: window, count: Self.capacity + Self.slack)
    other.literalTable.update(from: literalTable, count: Inflater.literalTableCapacity)
    other.distanceTable.update(from: distanceTable, count: Inflater.distanceTableCapacity)
    other.codeLengthTable.update(from: codeLengthTable, count: 1 << Inflater.codeLengthRootBits)
    other.lengths.update(from: lengths, count: Self.lengthsCapacity)
    return other
  }

  deinit {
    window.deallocate()
    literalTable.deallocate()
    distanceTable.deallocate()
    codeLengthTable.deallocate()
    lengths.deallocate()
  }
}
