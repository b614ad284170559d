/// One location of an Ensemble API reply.
public struct EnsembleBlock: Sendable {
  /// Grid point, offset and zone, with the controls as `hourly` columns so the location checks
  /// of the forecast path apply unchanged.
  public var location: LocationBlock
  /// UTC epoch seconds of each hourly step.
  public var instants: [Int64]
  /// For each series, one array of member values (NaN for null) per step.
  public var steps: [EnsembleKey: [[Float]]] = [:]
  /// Members per model (the control counts as member 0).
  public var memberCounts: [String: Int] = [:]

  public init(location: LocationBlock, instants: [Int64]) {
    self.location = location
    self.instants = instants
  }

  /// The (series, step) values with at least one member: the rows storing this ensemble writes.
  public var valueCount: Int {
    steps.values.reduce(0) { total, series in
      total + series.count { members in members.contains { !$0.isNaN } }
    }
  }
}
