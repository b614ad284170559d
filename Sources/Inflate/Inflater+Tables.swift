/// The constant tables of RFC 1951, turned into Huffman table entry templates once.
extension Inflater {
  /// Root width of the literal/length table: 10 bits resolves almost every code in one load.
  static let literalRootBits = 10
  /// Root width of the distance table.
  static let distanceRootBits = 8
  /// Root width of the code-length table; code-length codes are at most 7 bits long.
  static let codeLengthRootBits = 7
  /// Literal/length table size: 1,024 root slots plus at most 310 in subtables (zlib's `enough`
  /// program gives 1,334 for 286 symbols, root 10, maximum length 15), rounded up.
  static let literalTableCapacity = 2048
  /// Distance table size: 256 root slots plus at most 146 in subtables (`enough` gives 402).
  static let distanceTableCapacity = 1024

  /// Length bases for symbols 257–285 (RFC 1951 §3.2.5).
  static let lengthBases: [Int] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  /// Extra bits after length symbols 257–285 (RFC 1951 §3.2.5).
  static let lengthExtraBits: [Int] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// Distance bases for symbols 0–29 (RFC 1951 §3.2.5).
  static let distanceBases: [Int] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  /// Extra bits after distance symbols 0–29 (RFC 1951 §3.2.5).
  static let distanceExtraBits: [Int] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
    13, 13,
  ]
  /// The order code-length code lengths are stored in (RFC 1951 §3.2.7).
  static let codeLengthOrder: [Int] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// What each of the 288 literal/length symbols decodes to; 286 and 287 are invalid.
  static let literalTemplates: [UInt32] = (0..<288).map { symbol in
    switch symbol {
    case 0..<256:
      return HuffmanTable.template(kind: HuffmanTable.literal, value: symbol)
    case 256:
      return HuffmanTable.template(kind: HuffmanTable.endOfBlock, value: symbol)
    case 257...285:
      return HuffmanTable.template(
        kind: HuffmanTable.base, value: lengthBases[symbol - 257],
        extraBits: lengthExtraBits[symbol - 257])
    default:
      return HuffmanTable.template(kind: HuffmanTable.invalid, value: symbol)
    }
  }

  /// What each of the 32 distance symbols decodes to; 30 and 31 are invalid.
  static let distanceTemplates: [UInt32] = (0..<32).map { symbol in
    symbol < 30
      ? HuffmanTable.template(
        kind: HuffmanTable.base, value: distanceBases[symbol], extraBits: distanceExtraBits[symbol])
      : HuffmanTable.template(kind: HuffmanTable.invalid, value: symbol)
  }

  /// Code-length symbols 0–18 decode to themselves (RFC 1951 §3.2.7).
  static let codeLengthTemplates: [UInt32] = (0..<19).map {
    HuffmanTable.template(kind: HuffmanTable.literal, value: $0)
  }

  /// The fixed literal/length table of RFC 1951 §3.2.6, built once.
  static let fixedLiteralTable: [UInt32] = {
    var lengths = [UInt8](repeating: 8, count: 288)
    for symbol in 144..<256 { lengths[symbol] = 9 }
    for symbol in 256..<280 { lengths[symbol] = 7 }
    return fixedTable(lengths, templates: literalTemplates, rootBits: literalRootBits)
  }()

  /// The fixed distance table of RFC 1951 §3.2.6 (32 five-bit codes), built once.
  static let fixedDistanceTable: [UInt32] = fixedTable(
    [UInt8](repeating: 5, count: 32), templates: distanceTemplates, rootBits: distanceRootBits)

  /// Builds a table for lengths known to be valid.
  private static func fixedTable(_ lengths: [UInt8], templates: [UInt32], rootBits: Int)
    -> [UInt32]
  {
    var table = [UInt32](repeating: 0, count: 1 << rootBits)
    lengths.withUnsafeBufferPointer { lengthBuffer in
      templates.withUnsafeBufferPointer { templateBuffer in
        table.withUnsafeMutableBufferPointer { tableBuffer in
          // The fixed codes are complete and no longer than the root, so this cannot fail.
          try? HuffmanTable.build(
            lengths: lengthBuffer.baseAddress!, symbolCount: lengths.count,
            templates: templateBuffer.baseAddress!, rootBits: rootBits, allowSingleCode: false,
            into: tableBuffer.baseAddress!, capacity: tableBuffer.count)
        }
      }
    }
    return table
  }
}
