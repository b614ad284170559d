/// The area under the ROC curve of probability forecasts of a yes/no event, by the
/// Mann–Whitney statistic: the probability that an event case got a higher forecast than a
/// non-event case, ties counting one half (Mason & Graham 2002, QJRMS 128:2145–2166). It equals
/// the trapezoidal area of the ROC curve through every distinct probability as a threshold.
public enum ROCArea {
  /// Pairs at one forecast probability.
  public struct Count: Sendable, Equatable {
    public var probability: Double
    public var events: Int
    public var nonEvents: Int

    public init(probability: Double, events: Int, nonEvents: Int) {
      self.probability = probability
      self.events = events
      self.nonEvents = nonEvents
    }
  }

  /// The area, from counts per distinct probability (any order; equal probabilities merge).
  ///
  /// - Returns: the area in [0, 1] (0.5: no discrimination), or nil without both an event and
  ///   a non-event.
  public static func area(_ counts: [Count]) -> Double? {
    var merged: [Double: (events: Int, nonEvents: Int)] = [:]
    for count in counts where count.probability.isFinite {
      let previous = merged[count.probability] ?? (0, 0)
      merged[count.probability] = (
        previous.events + count.events, previous.nonEvents + count.nonEvents
      )
    }
    let events = merged.values.reduce(0) { $0 + $1.events }
    let nonEvents = merged.values.reduce(0) { $0 + $1.nonEvents }
    guard events > 0, nonEvents > 0 else { return nil }
    var below = 0.0
    var wins = 0.0
    for probability in merged.keys.sorted() {
      let entry = merged[probability]!
      wins += Double(entry.events) * (below + Double(entry.nonEvents) / 2)
      below += Double(entry.nonEvents)
    }
    return wins / (Double(events) * Double(nonEvents))
  }
}
