import SkycastModel
import Store

/// The pairs of a diagram, held per group: the forecasts and observations of each group (by
/// the request's keys), for the diagrams that need the values themselves (quantiles, bins,
/// standard deviations).
public struct DiagramPairs: Sendable {
  /// One group: its key values and its pairs.
  public struct Group: Sendable, Equatable {
    public var keys: [VerifyKeyValue]
    public var forecasts: [Double] = []
    public var observed: [Double] = []

    public init(keys: [VerifyKeyValue], forecasts: [Double] = [], observed: [Double] = []) {
      self.keys = keys
      self.forecasts = forecasts
      self.observed = observed
    }
  }

  /// The keys the groups are formed by.
  public var keys: [VerifyKey]
  /// Groups sorted by their key values.
  public var groups: [Group]
  /// Names of the cities that contributed a pair, sorted.
  public var cities: [String]
  /// First and last local valid date (daily pairs) or UTC date (hourly pairs) with a pair.
  public var dates: (first: String, last: String)?

  public init(
    keys: [VerifyKey], groups: [Group], cities: [String] = [],
    dates: (first: String, last: String)? = nil
  ) {
    self.keys = keys
    self.groups = groups
    self.cities = cities
    self.dates = dates
  }

  /// Keys a pair carries: lead, lead day, city, model and source (not month or valid hour,
  /// which need the city's local time).
  public static let supportedKeys: Set<VerifyKey> = [.lead, .leadDay, .city, .model, .source]

  /// Reads the request's pairs into groups by `request.keys`, keeping only `leadDays`.
  public static func collect(
    _ request: VerifyRequest, verifier: Verifier, leadDays: LeadDaySelection? = nil
  ) throws -> DiagramPairs {
    let keys = request.keys
    let labels = try verifier.cityLabels()
    let daily = request.variable.frequency == .daily
    var index: [[VerifyKeyValue]: Int] = [:]
    var groups: [Group] = []
    var cityIDs: Set<Int64> = []
    var first: String?
    var last: String?
    try verifier.pairs(request) { pair in
      let day = daily ? pair.lead : LeadTime.day(hours: pair.lead)
      if let leadDays, !leadDays.contains(Int(day)) { return }
      let values = keys.map { key -> VerifyKeyValue in
        switch key {
        case .lead: .integer(pair.lead)
        case .leadDay: .integer(day)
        case .city: .text(labels[pair.cityID] ?? String(pair.cityID))
        case .model: .text(pair.model)
        case .source: .text(pair.source)
        case .month, .validHour, .season, .obsRange: .text("")
        }
      }
      let position: Int
      if let known = index[values] {
        position = known
      } else {
        position = groups.count
        index[values] = position
        groups.append(Group(keys: values))
      }
      groups[position].forecasts.append(pair.forecast)
      groups[position].observed.append(pair.observed)
      cityIDs.insert(pair.cityID)
      // Hourly pairs: the UTC date of the valid time (a city's local date needs its zone).
      let date =
        pair.date
        ?? pair.validAt.map {
          LocalDate(dayNumber: $0 >= 0 ? $0 / 86_400 : ($0 - 86_399) / 86_400).description
        }
      if let date {
        if first.map({ date < $0 }) ?? true { first = date }
        if last.map({ date > $0 }) ?? true { last = date }
      }
    }
    groups.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    let cities = cityIDs.map { labels[$0] ?? String($0) }.sorted()
    return DiagramPairs(
      keys: keys, groups: groups, cities: cities,
      dates: first.flatMap { first in last.map { (first, $0) } })
  }

  /// A group's name in a legend: its key values joined, or `fallback`.
  public func name(_ group: Group, fallback: String) -> String {
    let text = zip(keys, group.keys).map { key, value in
      switch key {
      case .leadDay: "lead day \(value)"
      case .lead: "lead \(value) h"
      default: value.description
      }
    }.joined(separator: " · ")
    return text.isEmpty ? fallback : text
  }
}
