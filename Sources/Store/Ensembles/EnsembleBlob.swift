/// The packed members of one ensemble value: one variable of one model at one valid time, from
/// one fetch.
///
/// Layout: `4 × n` bytes, member `i` (0 = control) at byte offset `4 i` as an IEEE 754 binary32
/// in little-endian byte order; a member the API sent as `null` is a quiet NaN. There is no header:
/// the member count is the length divided by 4. A blob whose length is not a multiple of 4 is
/// not an ensemble value.
public enum EnsembleBlob {
  /// Packs `members` (NaN for missing).
  public static func pack(_ members: [Float]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(members.count * 4)
    for member in members {
      let bits = (member.isNaN ? Float.nan : member).bitPattern
      bytes.append(UInt8(truncatingIfNeeded: bits))
      bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
      bytes.append(UInt8(truncatingIfNeeded: bits >> 16))
      bytes.append(UInt8(truncatingIfNeeded: bits >> 24))
    }
    return bytes
  }

  /// The members of a packed value (NaN for missing), or nil when `bytes` is not one.
  public static func unpack(_ bytes: [UInt8]) -> [Float]? {
    guard bytes.count % 4 == 0 else { return nil }
    var members: [Float] = []
    members.reserveCapacity(bytes.count / 4)
    var index = 0
    while index < bytes.count {
      let bits =
        UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
        | UInt32(bytes[index + 3]) << 24
      members.append(Float(bitPattern: bits))
      index += 4
    }
    return members
  }

  /// The members that are present, widened to Double.
  public static func values(_ bytes: [UInt8]) -> [Double]? {
    unpack(bytes).map { $0.filter { !$0.isNaN }.map(Double.init) }
  }
}
