import OpenMeteo
import SkycastModel

/// What `backfill --runs` asks the Single Runs API for: whole past runs of one model, each by
/// its initialisation time (`run=YYYY-MM-DDTHH:MM`, UTC), in the Forecast API's format.
///
/// Related documentation: <https://open-meteo.com/en/docs/single-runs-api>
public struct SingleRunsRequestOptions: Sendable, Equatable {
  /// The model (one, never a blend: a blend has no single run).
  public var model: String
  /// Hours between the runs asked for (6, 12 or 24), starting at 00 UTC.
  public var everyHours = 24
  /// The collected variables (`is_day` is astronomical, not a forecast).
  public var hourly: [WeatherVariable] = WeatherVariable.with(.hourlyForecast).filter {
    $0 != .isDay
  }
  public var daily: [WeatherVariable] = WeatherVariable.with(.dailyForecast)
  /// The horizon the call weight assumes: the longest any model runs (16 days), so the pause
  /// between requests is never too short.
  public var weightDays = 16.0

  public init(model: String) { self.model = model }

  /// The first date the archive has runs of `model`: ECMWF IFS HRES (9 km) from 2024-03-14,
  /// every other model from 2026-04-02 (the Single Runs API's documentation, 2026).
  public static func archiveStart(model: String) -> LocalDate {
    model == "ecmwf_ifs"
      ? LocalDate(year: 2024, month: 3, day: 14)! : LocalDate(year: 2026, month: 4, day: 2)!
  }

  /// Why `model` has no single runs (a blend), or nil.
  public static func blendProblem(model: String) -> String? {
    guard model == "best_match" || model.hasSuffix("_seamless") else { return nil }
    return
      "'\(model)' is a blend of several models' runs, so it has no single runs; name one model (e.g. ecmwf_ifs, icon_global, gfs_global)"
  }

  /// The initialisation times (UTC epoch seconds) from 00 UTC of `from` to the last run of
  /// `to`, every `everyHours`.
  public func runs(from: LocalDate, to: LocalDate) -> [Int64] {
    let step = Int64(max(1, everyHours)) * 3600
    let first = from.midnightAsUTC
    let last = to.midnightAsUTC + 86_400 - 1
    return Array(stride(from: first, through: last, by: Int(step)).map { Int64($0) })
  }

  /// `2026-04-02T06:00`: the `run` parameter of an initialisation time.
  public static func runText(_ run: Int64) -> String { WallClock.utcMinute(epoch: run) }

  /// The request for one run and a batch of cities (one location per city, in order).
  public func request(for cities: [City], run: Int64, base: String) -> APIRequest {
    var query: [(String, String)] = [
      (
        "latitude",
        cities.map { ForecastRequestOptions.coordinate($0.latitude) }.joined(separator: ",")
      ),
      (
        "longitude",
        cities.map { ForecastRequestOptions.coordinate($0.longitude) }.joined(separator: ",")
      ),
    ]
    if !hourly.isEmpty { query.append(("hourly", hourly.map(\.apiName).joined(separator: ","))) }
    if !daily.isEmpty { query.append(("daily", daily.map(\.apiName).joined(separator: ","))) }
    query.append(("models", model))
    query.append(("run", Self.runText(run)))
    query.append(("timezone", cities.map { $0.timezone ?? "auto" }.joined(separator: ",")))
    query.append(("timeformat", "unixtime"))
    let weight = CallWeight.perLocation(
      variables: hourly.count + daily.count, models: 1, days: weightDays)
    return APIRequest(
      base: base, path: "/v1/forecast", query: query, weight: weight * Double(cities.count))
  }
}
