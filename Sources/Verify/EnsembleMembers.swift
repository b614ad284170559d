/// The present members of one stored ensemble value, decoded into buffers that are reused from
/// row to row and sorted: `verify --ensemble` reads hundreds of thousands of values, and a fresh
/// array and a general sort per value were most of its time.
struct EnsembleMembers {
  /// Buffers owned by one verification pass (a class, so they are freed with it).
  private final class Storage {
    /// The present members as read, in blocks of eight lanes (an even number of blocks).
    var blocks: UnsafeMutablePointer<SIMD8<Float>>
    /// Each lane's rank: the number of members below it.
    var ranks: UnsafeMutablePointer<SIMD8<Int32>>
    /// The present members sorted ascending.
    var sorted: UnsafeMutablePointer<Double>
    var blockCapacity: Int

    init(blocks: Int) {
      blockCapacity = blocks
      self.blocks = .allocate(capacity: blocks)
      ranks = .allocate(capacity: blocks)
      sorted = .allocate(capacity: blocks * 8)
    }

    func reserve(blocks count: Int) {
      guard count > blockCapacity else { return }
      blocks.deallocate()
      ranks.deallocate()
      sorted.deallocate()
      blockCapacity = count
      blocks = .allocate(capacity: count)
      ranks = .allocate(capacity: count)
      sorted = .allocate(capacity: count * 8)
    }

    deinit {
      blocks.deallocate()
      ranks.deallocate()
      sorted.deallocate()
    }
  }

  private let storage = Storage(blocks: 8)
  /// Present members after ``load(_:)``.
  private(set) var count = 0

  /// Reads a packed value (little-endian Float32s, NaN for an absent member) and sorts the
  /// present members.
  mutating func load(_ bytes: UnsafeRawBufferPointer) {
    let capacity = bytes.count / 4
    storage.reserve(blocks: (capacity + 15) / 16 * 2)
    let lanes = UnsafeMutableRawPointer(storage.blocks).assumingMemoryBound(to: Float.self)
    var count = capacity
    #if _endian(little)
      // The stored layout is the host's: one copy, then a scan for absent members (rare), and
      // only when there is one a second pass that closes the gaps.
      if let base = bytes.baseAddress, capacity > 0 {
        UnsafeMutableRawPointer(lanes).copyMemory(from: base, byteCount: capacity * 4)
      }
      var absent = SIMDMask<SIMD8<Int32>>()
      let whole = capacity / 8
      for block in 0..<whole {
        let values: SIMD8<Float> = storage.blocks[block]
        absent .|= values .!= values
      }
      var absentInTail = false
      for index in (whole * 8)..<capacity where lanes[index].isNaN { absentInTail = true }
      if any(absent) || absentInTail {
        count = 0
        for index in 0..<capacity {
          let value = lanes[index]
          lanes[count] = value
          count += value.isNaN ? 0 : 1
        }
      }
    #else
      count = 0
      var offset = 0
      while offset + 4 <= bytes.count {
        let bits = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        offset += 4
        let value = Float(bitPattern: UInt32(littleEndian: bits))
        lanes[count] = value
        count += value.isNaN ? 0 : 1
      }
    #endif
    self.count = count
    Self.rankSort(storage.blocks, count: count, ranks: storage.ranks, into: storage.sorted)
  }

  /// Sorts the first `count` lanes of `blocks` (no NaN among them) into `sorted[0..<count]`,
  /// using `ranks` (as many blocks) for the members' ranks.
  ///
  /// Each member goes to its rank, the number of members below it, counted for eight members
  /// at a time by vector comparisons. No branch depends on the data, so it takes about a third
  /// of an insertion sort's time at fifty members (the standard library's sort is slower still
  /// there). Equal members share one rank; the places after it that no member took are theirs,
  /// filled with the value on their left. Without equal members the ranks are 0…count − 1, and
  /// their sum, count(count − 1)/2, says so: only then is the filling skipped (the ranks sum to
  /// the number of ordered pairs, which each pair of equal members lowers by one).
  @inline(never)
  static func rankSort(
    _ blocks: UnsafeMutablePointer<SIMD8<Float>>, count: Int,
    ranks: UnsafeMutablePointer<SIMD8<Int32>>, into sorted: UnsafeMutablePointer<Double>
  ) {
    guard count > 0 else { return }
    let lanes = UnsafeMutableRawPointer(blocks).assumingMemoryBound(to: Float.self)
    // Blocks go in pairs, so each member is broadcast once per sixteen lanes; an odd last block
    // goes alone rather than beside a block of padding (51 members: 56 lanes compared, not 64).
    let used = (count + 7) / 8
    let pairs = used / 2
    // NaN lanes compare false: padding counts nothing (its rank is 0, adding nothing to the sum).
    for lane in count..<(used * 8) { lanes[lane] = .nan }
    var total = SIMD8<Int32>.zero
    for pair in 0..<pairs {
      let low: SIMD8<Float> = blocks[2 * pair]
      let high: SIMD8<Float> = blocks[2 * pair + 1]
      var lowRanks = SIMD8<Int32>.zero
      var highRanks = SIMD8<Int32>.zero
      for other in 0..<count {
        // A mask's lanes are all ones (−1) where true, zero where false (`SIMDMask` is frozen
        // around its storage vector): subtracting them counts. `replace(with:where:)` did the
        // same lane by lane, without vector instructions; so does `.<` unless both operands
        // are spelled `SIMD8<Float>` (an inferred `SIMD8(repeating:)` picks the generic one).
        let member = SIMD8<Float>(repeating: lanes[other])
        lowRanks &-= unsafeBitCast(member .< low, to: SIMD8<Int32>.self)
        highRanks &-= unsafeBitCast(member .< high, to: SIMD8<Int32>.self)
      }
      ranks[2 * pair] = lowRanks
      ranks[2 * pair + 1] = highRanks
      total &+= lowRanks &+ highRanks
    }
    if used % 2 == 1 {
      let last: SIMD8<Float> = blocks[used - 1]
      var lastRanks = SIMD8<Int32>.zero
      for other in 0..<count {
        let member = SIMD8<Float>(repeating: lanes[other])
        lastRanks &-= unsafeBitCast(member .< last, to: SIMD8<Int32>.self)
      }
      ranks[used - 1] = lastRanks
      total &+= lastRanks
    }
    let rank = UnsafeMutableRawPointer(ranks).assumingMemoryBound(to: Int32.self)
    // (Beyond 46 340 members the pair count would not fit the 32-bit lanes: always fill.)
    let distinct = count <= 46_340 && Int(total.wrappedSum()) == count * (count - 1) / 2
    if !distinct {
      for index in 0..<count { sorted[index] = .nan }
    }
    for index in 0..<count { sorted[Int(rank[index])] = Double(lanes[index]) }
    if !distinct {
      for index in 1..<count where sorted[index].isNaN { sorted[index] = sorted[index - 1] }
    }
  }

  /// The sorted present members.
  func withSorted<T>(_ body: (UnsafeBufferPointer<Double>) -> T) -> T {
    body(UnsafeBufferPointer(start: storage.sorted, count: count))
  }
}
