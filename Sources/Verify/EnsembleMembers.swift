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

/// What one forecast case contributes, from its sorted members and the observation in one sweep
/// (and a second for the variance around the mean).
struct EnsembleCase {
  var members: Int
  var mean: Double
  /// Ensemble CRPS (fair when asked); nil for the fair CRPS of one member.
  var crps: Double?
  /// The unbiased member variance; nil below two members.
  var variance: Double?
  /// Members below and equal to the observation (the rank before the tie-break).
  var below: Int
  var ties: Int

  /// Sums in the order `EnsembleScores` and the former per-row code used (sorted members), so
  /// the scores are the same to the last bit.
  @inline(__always)
  init(sorted: UnsafeBufferPointer<Double>, observation: Double, fair: Bool) {
    var sums = Sums()
    // 2·index − m + 1, kept as a Double stepped by 2 (exact: small integers) rather than
    // converted from an integer for every member.
    var weight = Double(1 - sorted.count)
    for index in 0..<sorted.count {
      sums.add(sorted[index], weight: weight, observation: observation)
      weight += 2
    }
    self.init(sums, members: sorted.count, fair: fair)
    if members >= 2 {
      var squares = 0.0
      for member in sorted { squares += (member - mean) * (member - mean) }
      variance = squares / Double(members - 1)
    }
  }

  /// The cases of two values at once, each summed exactly as ``init(sorted:observation:fair:)``
  /// sums it (the same results to the last bit). The sums are chains of dependent additions, so
  /// one case leaves the processor waiting on each; two side by side take about the time of one.
  @inline(__always)
  static func pair(
    _ first: UnsafeBufferPointer<Double>, observation firstObservation: Double,
    _ second: UnsafeBufferPointer<Double>, observation secondObservation: Double, fair: Bool
  ) -> (EnsembleCase, EnsembleCase) {
    let m = first.count
    guard second.count == m else {
      return (
        EnsembleCase(sorted: first, observation: firstObservation, fair: fair),
        EnsembleCase(sorted: second, observation: secondObservation, fair: fair)
      )
    }
    var sums = (Sums(), Sums())
    var weight = Double(1 - m)
    for index in 0..<m {
      sums.0.add(first[index], weight: weight, observation: firstObservation)
      sums.1.add(second[index], weight: weight, observation: secondObservation)
      weight += 2
    }
    var cases = (
      EnsembleCase(sums.0, members: m, fair: fair), EnsembleCase(sums.1, members: m, fair: fair)
    )
    if m >= 2 {
      var squares = (0.0, 0.0)
      let means = (cases.0.mean, cases.1.mean)
      for index in 0..<m {
        squares.0 += (first[index] - means.0) * (first[index] - means.0)
        squares.1 += (second[index] - means.1) * (second[index] - means.1)
      }
      cases.0.variance = squares.0 / Double(m - 1)
      cases.1.variance = squares.1 / Double(m - 1)
    }
    return cases
  }

  /// The running sums of one case over its sorted members.
  struct Sums {
    var sum = 0.0
    var absolute = 0.0
    var pairs = 0.0
    var below = 0
    var ties = 0

    @inline(__always)
    mutating func add(_ member: Double, weight: Double, observation: Double) {
      sum += member
      absolute += abs(member - observation)
      pairs += weight * member
      below &+= member < observation ? 1 : 0
      ties &+= member == observation ? 1 : 0
    }
  }

  /// Everything but the variance, from the sums over `m` members.
  @inline(__always)
  private init(_ sums: Sums, members m: Int, fair: Bool) {
    members = m
    mean = sums.sum / Double(m)
    below = sums.below
    ties = sums.ties
    if m == 0 || (fair && m < 2) {
      crps = nil
    } else {
      let k = fair ? Double(m * (m - 1)) : Double(m * m)
      crps = sums.absolute / Double(m) - sums.pairs / k
    }
    variance = nil
  }

  /// The rank of the observation, 0…members, with ties drawn by `uniform` as
  /// `EnsembleScores.rank` draws them.
  func rank(uniform: Double) -> Int { below + min(ties, Int(uniform * Double(ties + 1))) }
}
