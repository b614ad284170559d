/// The byte-by-byte parts of a gzip member: header, trailer and the gap between members.
///
/// They are read one byte at a time so any of them may be split across input chunks; they are
/// a few bytes per member, so the per-byte cost does not matter.
extension GzipDecoder {
  /// Advances the header, trailer or padding state by one byte at stream offset `offset`.
  mutating func consume(_ byte: UInt8, at offset: Int) throws(InflateError) {
    switch state {
    case .memberStart:
      if memberCount > 0 && byte == 0 { return }  // zero padding
      guard byte == 0x1F else {
        throw memberCount == 0 ? .notGzip : .trailingGarbage(offset: offset)
      }
      headerCRC = CRC32()
      field = [byte]
      headerByte(byte)
      state = .fixedHeader
    case .fixedHeader:
      headerByte(byte)
      field.append(byte)
      if field.count == 2 && byte != 0x8B {
        throw memberCount == 0 ? .notGzip : .trailingGarbage(offset: offset - 1)
      }
      if field.count == 10 { try readFixedHeader() }
    case .extraLength:
      headerByte(byte)
      field.append(byte)
      guard field.count == 2 else { return }
      let length = Int(field[0]) | Int(field[1]) << 8
      pendingHeader.extra = []
      if length == 0 { afterField() } else { state = .extra(remaining: length) }
    case .extra(let remaining):
      headerByte(byte)
      pendingHeader.extra?.append(byte)
      if remaining == 1 { afterField() } else { state = .extra(remaining: remaining - 1) }
    case .fileName, .comment:
      headerByte(byte)
      guard byte == 0 else {
        if textBytes.count < GzipHeader.maximumTextLength { textBytes.append(byte) }
        return
      }
      if state == .fileName {
        pendingHeader.fileName = GzipHeader.latin1(textBytes)
      } else {
        pendingHeader.comment = GzipHeader.latin1(textBytes)
      }
      afterField()
    case .headerCRC:
      field.append(byte)
      guard field.count == 2 else { return }
      let stored = UInt32(field[0]) | UInt32(field[1]) << 8
      let computed = headerCRC.value & 0xFFFF
      guard stored == computed else {
        throw .badGzipHeader("header CRC-16 is \(stored) but the header bytes give \(computed)")
      }
      afterField()
    case .trailer:
      field.append(byte)
      if field.count == 8 { try checkTrailer() }
    case .body:
      break  // bodies go to the inflater in bulk, never here
    }
  }

  /// Adds a header byte to the running header CRC (RFC 1952 §2.3.1, FHCRC).
  private mutating func headerByte(_ byte: UInt8) {
    withUnsafeBytes(of: byte) { headerCRC.update($0) }
  }

  /// Interprets ID1 ID2 CM FLG MTIME XFL OS.
  private mutating func readFixedHeader() throws(InflateError) {
    guard field[2] == 8 else {
      throw .badGzipHeader("compression method \(field[2]); only 8 (deflate) is defined")
    }
    flags = field[3]
    guard flags & Flag.reserved == 0 else {
      throw .badGzipHeader("reserved flag bits set in FLG 0x\(String(flags, radix: 16))")
    }
    var header = GzipHeader()
    header.isText = flags & Flag.text != 0
    header.hasHeaderCRC = flags & Flag.headerCRC != 0
    header.modificationTime =
      UInt32(field[4]) | UInt32(field[5]) << 8 | UInt32(field[6]) << 16 | UInt32(field[7]) << 24
    header.extraFlags = field[8]
    header.operatingSystem = field[9]
    pendingHeader = header
    field.removeAll(keepingCapacity: true)
    if flags & Flag.extra != 0 {
      state = .extraLength
    } else {
      afterField()
    }
  }

  /// Moves to the next optional field the flags announce, in RFC 1952 order, or to the body.
  private mutating func afterField() {
    field.removeAll(keepingCapacity: true)
    textBytes.removeAll(keepingCapacity: true)
    let next: State
    switch state {
    case .fixedHeader, .extraLength, .extra:
      next = flags & Flag.name != 0 ? .fileName : flags & Flag.comment != 0 ? .comment : .headerCRC
    case .fileName:
      next = flags & Flag.comment != 0 ? .comment : .headerCRC
    default:
      next = .headerCRC
    }
    if next == .headerCRC && (state == .headerCRC || flags & Flag.headerCRC == 0) {
      startBody()
    } else {
      state = next
    }
  }

  /// Prepares the inflater for this member's DEFLATE data.
  private mutating func startBody() {
    header = pendingHeader
    inflater.reset(outputLimit: outputLimit - totalOut)
    crc = CRC32()
    memberSize = 0
    state = .body
  }

  /// Checks CRC32 and ISIZE (RFC 1952 §2.3.1) against the decoded member.
  private mutating func checkTrailer() throws(InflateError) {
    func word(_ at: Int) -> UInt32 {
      UInt32(field[at]) | UInt32(field[at + 1]) << 8 | UInt32(field[at + 2]) << 16
        | UInt32(field[at + 3]) << 24
    }
    guard word(0) == crc.value else {
      throw .crcMismatch(expected: word(0), actual: crc.value)
    }
    // ISIZE is the size modulo 2^32.
    guard word(4) == UInt32(truncatingIfNeeded: memberSize) else {
      throw .sizeMismatch(expected: Int(word(4)), actual: memberSize)
    }
    memberCount += 1
    field.removeAll(keepingCapacity: true)
    state = .memberStart
  }
}
