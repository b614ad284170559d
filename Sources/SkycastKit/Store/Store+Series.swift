import SQLiteKit

/// A `--series` (or `--obs`) choice that does not match the stored observations.
public enum SeriesError: UsageError, Equatable {
  /// The named source has no observations for the cities asked about.
  case unknownSource(String, available: [String])
  /// No source was named and several are stored, none of them `era5`.
  case ambiguousSource(available: [String])
  /// No observations at all for the cities asked about.
  case noObservations(cities: [String])

  public var description: String {
    switch self {
    case .unknownSource(let source, let available):
      "no observations from source '\(source)' for the selected cities; "
        + (available.isEmpty
          ? "none are stored (fetch them with 'skycast observe' or 'skycast import observations')"
          : "stored sources: \(available.joined(separator: ", "))")
    case .ambiguousSource(let available):
      "several observation sources are stored (\(available.joined(separator: ", "))); "
        + "choose one with --series observed:SOURCE"
    case .noObservations(let cities):
      "no observations stored for \(cities.joined(separator: ", ")); fetch them with "
        + "'skycast observe --from DATE --to DATE' or load them with 'skycast import observations'"
    }
  }
}

extension Store {
  /// The default observation source when several could apply: ERA5, as `observe` stores it.
  public static let defaultObservationSource = "era5"

  /// The observation sources stored (hourly or daily) for any of `cityIDs`, sorted.
  public func observationSources(cityIDs: [Int64]) throws -> [String] {
    var sources = Set<String>()
    for cityID in cityIDs {
      for table in ["hourly_observations", "daily_observations"] {
        let rows = try database.query(
          "SELECT DISTINCT source FROM \(table) WHERE city_id = ?", [.integer(cityID)])
        for row in rows {
          if let source = row.values.first?.stringValue { sources.insert(source) }
        }
      }
    }
    return sources.sorted()
  }

  /// The observation source to use for `cities`: `requested` when it is stored, else `era5`
  /// when stored, else the only stored source.
  ///
  /// Shared by `summary --series observed[:SOURCE]` and any command with an observation-source
  /// option, so they pick the same default.
  ///
  /// - Throws: ``SeriesError`` (a usage error) for an unknown or ambiguous source, or when the
  ///   cities have no observations at all.
  public func resolveObservationSource(_ requested: String?, cities: [City]) throws -> String {
    let available = try observationSources(cityIDs: cities.map(\.id))
    if let requested {
      guard available.contains(requested) else {
        throw SeriesError.unknownSource(requested, available: available)
      }
      return requested
    }
    if available.contains(Self.defaultObservationSource) { return Self.defaultObservationSource }
    switch available.count {
    case 0: throw SeriesError.noObservations(cities: cities.map(\.name))
    case 1: return available[0]
    default: throw SeriesError.ambiguousSource(available: available)
    }
  }

  /// Settles a `--series` choice for `cities`.
  public func resolveSeries(_ selection: SeriesSelection, cities: [City]) throws -> ResolvedSeries {
    switch selection {
    case .forecast: .latestForecast
    case .observed(let source): .observed(try resolveObservationSource(source, cities: cities))
    }
  }
}
