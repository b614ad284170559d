import Analysis
import Store

/// One `verify --reliability` group's pairs counted per stored probability value, in total and
/// (with `--ci`) per local valid day, and the scores finished from such counts.
package struct ProbabilityCounts {
  /// The distinct probabilities in 0–100 %, ascending (the SQL returns them in that order).
  private(set) var percents: [Double] = []
  private var position: [Double: Int] = [:]
  private(set) var n: [Int] = []
  private(set) var events: [Int] = []
  /// Pairs whose probability lies outside 0–100 %, not scored.
  package var rejected = 0
  /// (date, value position, n, events) in date order, for the bootstrap.
  private var daily: [(date: String, value: Int, n: Int, events: Int)] = []

  /// Adds the pairs of one probability value (of one day when `date` is given).
  package mutating func add(percent: Double, n count: Int, events eventCount: Int, date: String?) {
    guard percent.isFinite, percent >= 0, percent <= 100 else {
      rejected += count
      return
    }
    let index: Int
    if let known = position[percent] {
      index = known
    } else {
      index = percents.count
      position[percent] = index
      percents.append(percent)
      n.append(0)
      events.append(0)
    }
    n[index] += count
    events[index] += eventCount
    if let date { daily.append((date, index, count, eventCount)) }
  }

  /// The group's row from every pair.
  package func row(keys: [VerifyKeyValue]) -> ReliabilityRow {
    let scores = Self.scores(percents: percents, n: { n[$0] }, events: { events[$0] })
    return ReliabilityRow(
      keys: keys, bins: scores.bins, decomposition: scores.decomposition,
      rocArea: scores.rocArea, rejected: rejected)
  }

  /// Reliability bins, Brier decomposition and ROC area from counts per probability value,
  /// taken in ascending order of the values (the order of the SQL rows, so sums add up the
  /// same way).
  package static func scores(
    percents: [Double], n: (Int) -> Int, events: (Int) -> Int
  ) -> (
    bins: [BrierDecomposition.Bin], decomposition: BrierDecomposition.Result?, rocArea: Double?
  ) {
    var bins = BrierDecomposition.emptyBins()
    var counts: [ROCArea.Count] = []
    var sum = 0.0
    for index in percents.indices.sorted(by: { percents[$0] < percents[$1] }) {
      let (count, eventCount) = (n(index), events(index))
      guard count > 0 else { continue }
      let p = percents[index] / 100
      let bin = BrierDecomposition.bin(percent: percents[index])
      bins[bin].n += count
      bins[bin].sumProbability += p * Double(count)
      bins[bin].events += eventCount
      counts.append(
        ROCArea.Count(probability: p, events: eventCount, nonEvents: count - eventCount))
      // Σ(p − o)² over the value's pairs: events contribute (p − 1)², the others p².
      sum += Double(eventCount) * (1 - p) * (1 - p) + Double(count - eventCount) * p * p
    }
    return (bins, BrierDecomposition.decompose(bins, brierSum: sum), ROCArea.area(counts))
  }

  // MARK: - Bootstrap

  /// The days as vectors (n and events per value, in ``percents`` order) for
  /// ``BlockBootstrap``, date ascending, and each day's Brier score for the automatic block
  /// length.
  package func dayVectors() -> (vectors: [Double], days: Int, dailyBrier: [Double]) {
    let width = 2 * percents.count
    var vectors: [Double] = []
    var dailyBrier: [Double] = []
    var current: String?
    var brier = (sum: 0.0, n: 0)
    func close() {
      if brier.n > 0 { dailyBrier.append(brier.sum / Double(brier.n)) }
      brier = (0, 0)
    }
    // Sorted by date (stable), so a day's values are together whatever order SQLite returned.
    let entries = daily.enumerated().sorted {
      ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
    }.map(\.element)
    for entry in entries {
      if entry.date != current {
        if current != nil { close() }
        current = entry.date
        vectors += repeatElement(0, count: width)
      }
      let base = vectors.count - width
      vectors[base + 2 * entry.value] += Double(entry.n)
      vectors[base + 2 * entry.value + 1] += Double(entry.events)
      let p = percents[entry.value] / 100
      brier.sum += Double(entry.events) * (1 - p) * (1 - p) + Double(entry.n - entry.events) * p * p
      brier.n += entry.n
    }
    close()
    return (vectors, width > 0 ? vectors.count / width : 0, dailyBrier)
  }

  /// The automatic block length from the lag-1 autocorrelation of the daily Brier score.
  package func automaticBlockLength() -> Int? {
    let days = dayVectors()
    guard days.days > 0 else { return nil }
    let lag1 = BlockBootstrap.lag1Autocorrelation(days.dailyBrier) ?? 0
    return BlockBootstrap.automaticBlockLength(days: days.days, lag1: lag1)
  }

  /// Percentile intervals of ``ReliabilityScore/allCases`` from resampled blocks of days.
  package func intervals(settings: BootstrapSettings, blockDays: Int) -> [ReliabilityScore:
    ScoreInterval]
  {
    let days = dayVectors()
    guard days.days > 0 else { return [:] }
    let percents = self.percents
    let intervals = BlockBootstrap.intervals(
      days: days.vectors, width: 2 * percents.count, blockLength: blockDays,
      resamples: settings.resamples, seed: settings.seed, level: settings.level
    ) { vector in
      let scores = Self.scores(
        percents: percents, n: { Int(vector[2 * $0]) }, events: { Int(vector[2 * $0 + 1]) })
      return ReliabilityScore.allCases.map {
        $0.value(decomposition: scores.decomposition, rocArea: scores.rocArea)
      }
    }
    var result: [ReliabilityScore: ScoreInterval] = [:]
    for (score, interval) in zip(ReliabilityScore.allCases, intervals) { result[score] = interval }
    return result
  }
}
