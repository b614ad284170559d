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
    guard model == ModelName.bestMatch || model.hasSuffix("_seamless") else { return nil }
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

  /// The last forecast hour of `model`'s run at `runHour` UTC, from the download steps of the
  /// open-meteo server (github.com/open-meteo/open-meteo at ba13de1c, 2026-08-20):
  /// `EcmwfEcpdsDomain.getDownloadForecastSteps` (ecmwf_ifs), `EcmwfDomain` (ecmwf_ifs025,
  /// ecmwf_aifs025_single), `GfsDomain.forecastHours` (gfs_global), `IconDomains
  /// .getDownloadForecastSteps` (icon_global, icon_eu, icon_d2), `GemDomain.getForecastHours`
  /// (gem_global) and `CmaDomain.forecastHours` (cma_grapes_global). For any other model we
  /// found no number: the API's own default of 7 days (168 h) is asked, which every model
  /// Open-Meteo serves reaches, so no run is padded with hours it never had.
  public static func horizonHours(model: String, runHour: Int) -> Int {
    let mainRun = runHour % 12 == 0
    switch model {
    case "ecmwf_ifs", "ecmwf_ifs025": return mainRun ? 360 : 144
    case "ecmwf_aifs025", "ecmwf_aifs025_single": return 360
    case "gfs_global": return 384
    case "icon_global": return mainRun ? 180 : 120
    case "icon_eu": return runHour % 6 == 0 ? 120 : 30
    case "icon_d2": return 48
    case "gem_global": return 240
    case "cma_grapes_global": return mainRun ? 240 : 120
    default: return defaultHorizonHours
    }
  }

  /// The horizon asked for a model the table of `horizonHours(model:runHour:)` does not know:
  /// the API's default (`forecast_days=7`).
  public static let defaultHorizonHours = 168

  /// The `forecast_hours` of the run initialised at `run`: every hour from the run (hour 0) to
  /// the model's last step, inclusive.
  public func forecastHours(run: Int64) -> Int {
    let hour = Int(WallClock.floorDivide(run, 86_400).remainder / 3600)
    return Self.horizonHours(model: model, runHour: hour) + 1
  }

  /// True when `run` starts at 00:00 local time in `city`'s zone: only then does the Single
  /// Runs API give daily values ("Parameter 'daily' is only supported for single-runs-api if
  /// 'run' starts at 00:00 in the requested timezone", open-meteo
  /// `validateSingleRunAggregationsAlignWithLocalPeriodStart`). A city whose zone is not known
  /// yet (`timezone=auto`) gets none.
  public static func startsAtLocalMidnight(_ run: Int64, in city: City) -> Bool {
    guard let name = city.timezone, let zone = CityTimeZone(identifier: name) else {
      return false
    }
    return WallClock.floorDivide(run + Int64(zone.offset(at: run)), 86_400).remainder == 0
  }

  /// `cities` in request batches of at most `size` for the run `run`: those whose local day
  /// starts at the run first (their requests ask for daily values too), then the others, each
  /// in their order.
  package static func batches(_ cities: [City], run: Int64, size: Int) -> [CityBatch] {
    let midnight = cities.filter { startsAtLocalMidnight(run, in: $0) }
    let other = cities.filter { !startsAtLocalMidnight(run, in: $0) }
    return CityBatch.batches(midnight, size: size) + CityBatch.batches(other, size: size)
  }

  /// `2026-04-02T06:00`: the `run` parameter of an initialisation time.
  public static func runText(_ run: Int64) -> String { WallClock.utcMinute(epoch: run) }

  /// The request for one run and a batch of cities (one location per city, in order): every
  /// hour to the model's horizon (`forecast_hours`), and the daily variables only when the run
  /// starts at local midnight in every city of the batch (`forecast_days`: the whole days of
  /// the horizon); otherwise no daily values at all (none are derived from the hourly ones).
  public func request(for cities: [City], run: Int64, base: String) -> APIRequest {
    let hours = forecastHours(run: run)
    let days = hours / 24
    let withDaily =
      !daily.isEmpty && days > 0 && !cities.isEmpty
      && cities.allSatisfy { Self.startsAtLocalMidnight(run, in: $0) }
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
    if withDaily { query.append(("daily", daily.map(\.apiName).joined(separator: ","))) }
    query.append(("models", model))
    query.append(("run", Self.runText(run)))
    query.append(("forecast_hours", String(hours)))
    if withDaily { query.append(("forecast_days", String(days))) }
    query.append(("timezone", cities.map { $0.timezone ?? "auto" }.joined(separator: ",")))
    query.append(("timeformat", "unixtime"))
    let weight = CallWeight.perLocation(
      variables: hourly.count + (withDaily ? daily.count : 0), models: 1, days: weightDays)
    return APIRequest(
      base: base, path: "/v1/forecast", query: query, weight: weight * Double(cities.count))
  }
}
