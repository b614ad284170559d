/// Reading the header of a dynamic-Huffman block (RFC 1951 §3.2.7).
///
/// The header may be split across input chunks anywhere: the counts, each 3-bit code-length
/// code length and each (possibly repeated) code length are read whole or not at all, and the
/// position is kept in `mode`.
extension Inflater {
  /// Advances through the dynamic header; true once both tables are built.
  mutating func readDynamicHeader(_ reader: inout BitReader) throws(InflateError) -> Bool {
    let lengths = storage.lengths
    if mode == .dynamicHeader {
      guard reader.need(14) else { return false }
      literalCount = reader.take(5) + 257
      distanceCount = reader.take(5) + 1
      codeLengthCount = reader.take(4) + 4
      guard literalCount <= 286 else {
        throw .badCodeLengths("\(literalCount) literal/length codes, at most 286 exist")
      }
      guard distanceCount <= 30 else {
        throw .badCodeLengths("\(distanceCount) distance codes, at most 30 exist")
      }
      mode = .codeLengthCodes(next: 0)
    }
    if case .codeLengthCodes(var next) = mode {
      while next < codeLengthCount {
        guard reader.need(3) else {
          mode = .codeLengthCodes(next: next)
          return false
        }
        lengths[Self.codeLengthOrder[next]] = UInt8(reader.take(3))
        next += 1
      }
      for index in codeLengthCount..<19 { lengths[Self.codeLengthOrder[index]] = 0 }
      try buildTable(
        "code-length code", lengths: lengths, count: 19, templates: Self.codeLengthTemplates,
        rootBits: Self.codeLengthRootBits, into: storage.codeLengthTable,
        capacity: 1 << Self.codeLengthRootBits)
      mode = .codeLengths(next: 0)
    }
    guard case .codeLengths(var next) = mode else { return false }
    let total = literalCount + distanceCount
    while next < total {
      let entry = storage.codeLengthTable[reader.peek(Self.codeLengthRootBits)]
      let codeBits = Int(entry & 0xF)
      let symbol = Int(entry >> 16)
      guard entry & HuffmanTable.kindMask == HuffmanTable.literal else {
        throw .badCodeLengths("invalid code-length code")
      }
      // Symbols 16, 17 and 18 repeat a length 3–6, 3–10 or 11–138 times (RFC 1951 §3.2.7).
      let extra = symbol < 16 ? 0 : symbol == 16 ? 2 : symbol == 17 ? 3 : 7
      guard reader.count >= codeBits + extra else {
        guard reader.pullByte() else {
          mode = .codeLengths(next: next)
          return false
        }
        continue
      }
      reader.drop(codeBits)
      if symbol < 16 {
        lengths[next] = UInt8(symbol)
        next += 1
        continue
      }
      let repeatCount = (symbol == 18 ? 11 : 3) + reader.take(extra)
      var value: UInt8 = 0
      if symbol == 16 {
        guard next > 0 else { throw .badCodeLengths("repeat code 16 with no previous length") }
        value = lengths[next - 1]
      }
      guard next + repeatCount <= total else {
        throw .badCodeLengths("a repeat runs past the last of \(total) code lengths")
      }
      (lengths + next).update(repeating: value, count: repeatCount)
      next += repeatCount
    }
    guard lengths[256] != 0 else { throw .badCodeLengths("no code for end-of-block") }
    try buildTable(
      "literal/length code", lengths: lengths, count: literalCount,
      templates: Self.literalTemplates, rootBits: Self.literalRootBits,
      into: storage.literalTable, capacity: Self.literalTableCapacity, allowSingleCode: true)
    try buildTable(
      "distance code", lengths: lengths + literalCount, count: distanceCount,
      templates: Self.distanceTemplates, rootBits: Self.distanceRootBits,
      into: storage.distanceTable, capacity: Self.distanceTableCapacity, allowSingleCode: true)
    return true
  }

  /// Builds one table, turning a failure into `badCodeLengths` naming the code.
  private func buildTable(
    _ name: String, lengths: UnsafeMutablePointer<UInt8>, count: Int, templates: [UInt32],
    rootBits: Int, into table: UnsafeMutablePointer<UInt32>, capacity: Int,
    allowSingleCode: Bool = false
  ) throws(InflateError) {
    do {
      try templates.withUnsafeBufferPointer { (buffer) throws(HuffmanTable.Failure) in
        try HuffmanTable.build(
          lengths: lengths, symbolCount: count, templates: buffer.baseAddress!,
          rootBits: rootBits, allowSingleCode: allowSingleCode, into: table, capacity: capacity)
      }
    } catch {
      throw .badCodeLengths("\(name) is \(error.reason)")
    }
  }
}
