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
