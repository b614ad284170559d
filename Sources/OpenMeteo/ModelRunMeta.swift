import SkycastModel

/// A model's `meta.json` on an Open-Meteo API host (`/data/<domain>/static/meta.json`): when
/// its latest run was initialised and when that run became available on the server. Fetching
/// it does not count against the API quota.
///
/// Format: open-meteo's `ModelUpdateMetaJson` (`last_run_initialisation_time`,
/// `last_run_availability_time`, `update_interval_seconds`, … as Unix seconds); see
/// `Tests/TestSupport/FakeWeather/SOURCES.md`.
public struct ModelRunMeta: Sendable, Equatable {
  /// `last_run_initialisation_time`: the latest run's initialisation (UTC epoch seconds).
  public var initialisation: Int64
  /// `last_run_availability_time`: when that run became available on the server.
  public var availability: Int64
  /// `update_interval_seconds`, when given.
  public var updateInterval: Int64?

  public init(initialisation: Int64, availability: Int64, updateInterval: Int64? = nil) {
    self.initialisation = initialisation
    self.availability = availability
    self.updateInterval = updateInterval
  }

  /// The earliest initialisation accepted: 2000-01-01T00:00Z. No model Open-Meteo serves has a
  /// run before it (its archives start in the 2010s; ERA5, which reaches back to 1940, is a
  /// reanalysis without runs), so an older time (`0`, 1970) is a broken file.
  public static let earliestInitialisation: Int64 = 946_684_800

  /// Reads a `meta.json` body.
  ///
  /// An initialisation before `earliestInitialisation`, or an availability before the
  /// initialisation (a run cannot be served before it starts), refuses the file: the run
  /// behind a fetch is then unknown, with the reason, rather than wrong.
  ///
  /// - Throws: `APIError.decoding` naming the missing or impossible field.
  public static func decode(_ bytes: [UInt8]) throws -> ModelRunMeta {
    let value: JSONValue
    do { value = try JSONParser.parse(bytes) } catch {
      throw APIError.decoding("meta.json is not JSON: \(error)")
    }
    guard case .object(let object) = value else {
      throw APIError.decoding("meta.json is not a JSON object")
    }
    func instant(_ key: String) throws -> Int64 {
      guard let seconds = object[key]?.integerValue, PlausibleTime.instants.contains(seconds)
      else { throw APIError.decoding("meta.json has no valid \(key)") }
      return seconds
    }
    let meta = ModelRunMeta(
      initialisation: try instant("last_run_initialisation_time"),
      availability: try instant("last_run_availability_time"),
      updateInterval: object["update_interval_seconds"]?.integerValue)
    if meta.initialisation < earliestInitialisation {
      throw APIError.decoding(
        "meta.json's last_run_initialisation_time \(Self.text(meta.initialisation)) is before 2000")
    }
    if meta.availability < meta.initialisation {
      throw APIError.decoding(
        "meta.json's last_run_availability_time \(Self.text(meta.availability)) is before the run's initialisation \(Self.text(meta.initialisation))"
      )
    }
    return meta
  }

  /// `2026-04-02T06:00Z`.
  static func text(_ epoch: Int64) -> String {
    WallClock.utcMinute(epoch: epoch) + "Z"
  }

  /// The API models whose `meta.json` lives under another name (the server's domain).
  static let domains: [String: String] = [
    "icon_global": "dwd_icon", "icon_eu": "dwd_icon_eu", "icon_d2": "dwd_icon_d2",
    "gfs025": "ncep_gfs025", "gfs013": "ncep_gfs013", "gfs_hrrr": "ncep_hrrr_conus",
    "gem_global": "cmc_gem_gdps", "gem_regional": "cmc_gem_rdps",
    "gem_hrdps_continental":
      "cmc_gem_hrdps", "meteofrance_arpege_world": "meteofrance_arpege_world025",
    "meteofrance_arpege_europe": "meteofrance_arpege_europe", "metno_nordic": "metno_nordic_pp",
  ]

  /// The `meta.json` folder of `model`: nil for a blend (`best_match`, `*_seamless`), which
  /// mixes several models' runs and so has no single run; else the server's domain name (the
  /// model's own name unless `domains` says otherwise).
  public static func domain(forModel model: String) -> String? {
    guard model != ModelName.bestMatch, !model.hasSuffix("_seamless") else { return nil }
    return domains[model] ?? model
  }

  /// The request for `domain`'s `meta.json` on `base` (weight 0: not counted in the quota).
  public static func request(domain: String, base: String) -> APIRequest {
    APIRequest(base: base, path: "/data/\(domain)/static/meta.json", query: [], weight: 0)
  }
}
