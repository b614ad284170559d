import SQLiteKit

/// Choosing an observation source failed.
public enum ObservationSourceError: Error, CustomStringConvertible, Equatable {
  /// No observations are stored (for the cities asked about).
  case none
  /// Several sources and none of them `era5`: the user has to pick one.
  case ambiguous([String])

  public var description: String { message(choosingWith: "--series observed:") }

  /// The message, naming the option that picks a source: `--series observed:` or `--source `
  /// (the source name follows it directly).
  public func message(choosingWith option: String) -> String {
    switch self {
    case .none:
      "no observations stored; fetch some with 'skycast observe --from DATE --to DATE' or load them with 'skycast import observations FILE'"
    case .ambiguous(let sources):
      "observations come from several sources (\(sources.joined(separator: ", "))); choose one with \(option)NAME (e.g. \(option)\(sources[0]))"
    }
  }
}

extension Store {
  /// The distinct observation sources stored, sorted.
  ///
  /// - Parameters:
  ///   - daily: look in `daily_observations` instead of `hourly_observations`.
  ///   - cityIDs: only these cities (empty for all).
  public func observationSources(daily: Bool = false, cityIDs: [Int64] = []) throws -> [String] {
    let table = daily ? "daily_observations" : "hourly_observations"
    var sql = "SELECT DISTINCT source FROM \(table)"
    if !cityIDs.isEmpty {
      sql += " WHERE city_id IN (" + cityIDs.map { _ in "?" }.joined(separator: ", ") + ")"
    }
    return try database.query(sql + " ORDER BY source", cityIDs.map { .integer($0) })
      .compactMap { $0[0].stringValue }
  }

  /// The observation source used when none is named (`--series observed`, `--obs` left out):
  /// `era5` when present, else the only source stored. This is the one place the rule lives.
  ///
  /// - Throws: `ObservationSourceError.none` when nothing is stored, `.ambiguous` when several
  ///   sources exist and none is `era5`.
  public func defaultObservationSource(daily: Bool = false, cityIDs: [Int64] = []) throws -> String
  {
    let sources = try observationSources(daily: daily, cityIDs: cityIDs)
    if sources.contains("era5") { return "era5" }
    switch sources.count {
    case 0: throw ObservationSourceError.none
    case 1: return sources[0]
    default: throw ObservationSourceError.ambiguous(sources)
    }
  }
}
