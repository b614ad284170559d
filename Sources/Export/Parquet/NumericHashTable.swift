/// An open-addressing map from 64-bit value patterns to dictionary indices: the Parquet
/// writer looks every numeric cell up here, so it avoids `Dictionary`'s generic hashing.
package struct NumericHashTable {
  private var keys: [UInt64]
  private var values: [UInt32]
  private var mask: Int
  private(set) var count = 0

  package init(capacity: Int = 256) {
    let size = max(16, capacity.nextPowerOfTwo)
    keys = Array(repeating: 0, count: size)
    values = Array(repeating: .max, count: size)
    mask = size - 1
  }

  /// Bytes held.
  package var byteCount: Int { keys.count * 12 }

  /// The index stored for `key`, or `candidate` after storing it.
  @inline(__always)
  package mutating func index(of key: UInt64, orInsert candidate: UInt32) -> UInt32 {
    var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    while true {
      let stored = values[slot]
      if stored == .max {
        keys[slot] = key
        values[slot] = candidate
        count += 1
        if count * 2 > keys.count { grow() }
        return candidate
      }
      if keys[slot] == key { return stored }
      slot = (slot + 1) & mask
    }
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    let size = keys.count * 2
    keys = Array(repeating: 0, count: size)
    values = Array(repeating: .max, count: size)
    mask = size - 1
    for slot in oldKeys.indices where oldValues[slot] != .max {
      var target = Int(truncatingIfNeeded: (oldKeys[slot] &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
      while values[target] != .max { target = (target + 1) & mask }
      keys[target] = oldKeys[slot]
      values[target] = oldValues[slot]
    }
  }
}

extension Int {
  /// The smallest power of two ≥ self (1 for 0).
  package var nextPowerOfTwo: Int {
    self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
  }
}
