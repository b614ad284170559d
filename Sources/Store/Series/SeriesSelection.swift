import SkycastModel

/// Which stored series a command reads (`--series forecast|observed[:SOURCE]`): `summary`,
/// `spark`, `export --wide` and charts all parse and resolve it here, so they agree.
///
/// `forecast` is the latest-forecast series: for each city and valid time, the row
/// with the greatest `issued_at` and lead ≥ 0, source `forecast`, model `best_match` (the
/// `*_forecasts_latest` views). `observed` reads observations of one source: the one named, or by
/// default `era5` when stored, else the only source (`Store.resolveObservationSource`).
public enum SeriesSelection: Sendable, Equatable, CustomStringConvertible {
  case forecast
  /// Observations; nil picks the default source.
  case observed(source: FetchSource?)

  /// Parses `forecast`, `observed` or `observed:NAME`; nil for anything else.
  public init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces)
    if text == "forecast" {
      self = .forecast
    } else if text == "observed" {
      self = .observed(source: nil)
    } else if text.hasPrefix("observed:") {
      let source = text.dropFirst("observed:".count).trimmingCharacters(in: .whitespaces)
      guard !source.isEmpty else { return nil }
      self = .observed(source: FetchSource(rawValue: source))
    } else {
      return nil
    }
  }

  public var description: String {
    switch self {
    case .forecast: "forecast"
    case .observed(let source?): "observed:\(source)"
    case .observed(nil): "observed"
    }
  }

  /// Resolves the selection to a table, source and model.
  ///
  /// - Parameters:
  ///   - daily: daily variables (`daily_forecasts_latest` / `daily_observations`).
  ///   - cityIDs: the cities shown (the default observation source is looked for among them).
  /// - Throws: `ObservationSourceError` when no observation source can be chosen.
  public func resolve(in store: Store, daily: Bool?, cityIDs: [Int64]) throws -> ResolvedSeries {
    switch self {
    case .forecast:
      return daily == true ? .latestDailyForecast : .latestForecast
    case .observed(let source):
      do {
        let name = try store.resolveObservationSource(
          source?.rawValue, daily: daily, cityIDs: cityIDs)
        return .observed(FetchSource(rawValue: name), daily: daily ?? false)
      } catch ObservationSourceError.ambiguous(let names) where source == nil {
        // Several sources and no era5: the one with clearly most data for these cities, said
        // in a note; a tie stays the user's choice.
        let counts = try store.observationRowCounts(daily: daily, cityIDs: cityIDs)
        let ranked = names.sorted { (counts[$0] ?? 0, $1) > (counts[$1] ?? 0, $0) }
        guard let best = ranked.first, (counts[best] ?? 0) > (counts[ranked[1]] ?? 0) else {
          throw ObservationSourceError.ambiguous(names)
        }
        var series = ResolvedSeries.observed(FetchSource(rawValue: best), daily: daily ?? false)
        let others = ranked.dropFirst().map { "\($0) \(counts[$0] ?? 0)" }
        series.note =
          "observations from '\(best)', the source with most \(daily == true ? "days" : daily == false ? "hours" : "rows") stored for these cities (\(counts[best] ?? 0); \(others.joined(separator: ", "))); --series observed:NAME chooses another"
        return series
      }
    }
  }

  /// The variable's role in the tables this selection reads.
  public func role(daily: Bool) -> WeatherVariable.Roles {
    switch self {
    case .forecast: daily ? .dailyForecast : .hourlyForecast
    case .observed: daily ? .dailyObservation : .hourlyObservation
    }
  }
}

extension Store {
  /// The newest local date with a row of `series` for `cityIDs` (all cities when empty), or nil
  /// when it has none: where a command without `--from/--to` ends its default window.
  package func newestLocalDate(of series: ResolvedSeries, cityIDs: [Int64]) throws -> LocalDate? {
    func cities(_ column: String) -> String {
      cityIDs.isEmpty
        ? "" : " AND \(column) IN (\(cityIDs.map(String.init).joined(separator: ", ")))"
    }
    switch series.kind {
    case .forecast:
      // The local hour number of the newest row, in days (floor, as the view's valid_date).
      let hour = try database.scalarInt(
        """
        SELECT max(\(ForecastHourColumns.localHour("h"))) FROM forecast_hours AS h
        JOIN forecast_series AS s ON s.id = h.series_id
        WHERE s.source = ? AND s.model = ? AND h.lead_hours >= 0\(cities("h.city_id"))
        """, [.text(series.source.rawValue), .text(series.model ?? ModelName.bestMatch)])
      return hour.map { LocalDate(dayNumber: WallClock.floorDivide($0, 24).quotient) }
    case .observed:
      let text = try database.scalarText(
        "SELECT max(\(series.daily ? "date" : "valid_date")) FROM \(series.table) WHERE source = ?\(cities("city_id"))",
        [.text(series.source.rawValue)])
      return text.flatMap(LocalDate.init)
    }
  }
}
