/// The `current` block.
public struct CurrentBlock: Sendable {
  public var time: Int64
  public var intervalSeconds: Int?
  public var values: [SeriesKey: Double?] = [:]

  public init(time: Int64, intervalSeconds: Int?, values: [SeriesKey: Double?] = [:]) {
    self.time = time
    self.intervalSeconds = intervalSeconds
    self.values = values
  }
}
