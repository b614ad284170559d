/// A column-oriented block (`hourly` or `daily`) with times converted and values in canonical
/// units. Hourly blocks have `instants`; daily blocks have `dates`.
public struct SeriesBlock: Sendable {
  /// UTC epoch seconds of each hourly step.
  public var instants: [Int64] = []
  /// Local dates of each daily step.
  public var dates: [LocalDate] = []
  public var columns: [SeriesKey: [Double?]] = [:]

  public var count: Int { max(instants.count, dates.count) }

  /// The models present in the block.
  public var models: Set<String> { Set(columns.keys.map(\.model)) }

  public init() {}
}
