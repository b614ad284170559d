/// What Skycast knows about the Ensemble API's models: member counts and forecast lengths, used
/// for the call weight before a request is sent and for `collect --ensemble --dry-run`.
///
/// Sources, all in open-meteo/open-meteo (commit ba13de1c, 2026-08-20):
/// `openapi/ensemble.yml` (the `models` enum, `forecast_days` 0–35, default 7);
/// `Sources/App/Controllers/ForecastapiController.swift` (`MultiDomains.countEnsembleMember`,
/// `remappedToEnsembleApi` which turns `icon_seamless` into `icon_seamless_eps`, `gfs025` into
/// `ncep_gefs025` and so on, and the weight: variables × the sum of member counts);
/// `Sources/App/Icon/DownloadIconCommand.swift` (ICON-EPS 40 members, ICON-EU-EPS 40, ICON-D2-EPS
/// 20); `Sources/App/Gfs/GfsDomain.swift` (GEFS 30 + 1 members, 0.25° to 240 h);
/// `Sources/App/Ecmwf/EcmwfDomain.swift` (IFS and AIFS ensembles 50 + 1, to 360 h);
/// `Sources/App/Icon/Icon.swift` (ICON-EPS steps to 180 h); `Sources/App/Gem/GemDomain.swift`
/// (GEPS 20 + 1 members, to 384 h).
public struct EnsembleModel: Sendable, Equatable {
  /// The name as the Ensemble API's `models` parameter documents it.
  public var name: String
  /// Members including the control (member 0, the key without `_memberNN`).
  public var members: Int
  /// How far ahead the model runs, in hours.
  public var forecastHours: Int
  /// Older or shorter names the API accepts for the same model (`icon_seamless`): the server
  /// suffixes keys with the name it maps them to, so both are accepted when decoding.
  public var aliases: [String]

  public init(name: String, members: Int, forecastHours: Int, aliases: [String] = []) {
    self.name = name
    self.members = members
    self.forecastHours = forecastHours
    self.aliases = aliases
  }

  /// The models whose member count the source states.
  public static let known: [EnsembleModel] = [
    EnsembleModel(
      name: "dwd_icon_seamless_eps", members: 40, forecastHours: 180,
      aliases: ["icon_seamless_eps", "icon_seamless"]),
    EnsembleModel(
      name: "dwd_icon_global_eps", members: 40, forecastHours: 180,
      aliases: ["icon_global_eps", "icon_global"]),
    EnsembleModel(
      name: "dwd_icon_eu_eps", members: 40, forecastHours: 120, aliases: ["icon_eu_eps", "icon_eu"]),
    EnsembleModel(
      name: "dwd_icon_d2_eps", members: 20, forecastHours: 48, aliases: ["icon_d2_eps", "icon_d2"]),
    EnsembleModel(
      name: "ncep_gefs_seamless", members: 31, forecastHours: 840, aliases: ["gfs_seamless"]),
    EnsembleModel(name: "ncep_gefs025", members: 31, forecastHours: 240, aliases: ["gfs025"]),
    EnsembleModel(name: "ncep_gefs05", members: 31, forecastHours: 840, aliases: ["gfs05"]),
    EnsembleModel(
      name: "ecmwf_ifs025_ensemble", members: 51, forecastHours: 360, aliases: ["ecmwf_ifs025"]),
    EnsembleModel(
      name: "ecmwf_aifs025_ensemble", members: 51, forecastHours: 360, aliases: ["ecmwf_aifs025"]),
    EnsembleModel(
      name: "cmc_gem_geps", members: 21, forecastHours: 384,
      aliases: ["gem_global_ensemble", "gem_global"]),
  ]

  /// The members assumed for a model Skycast does not know: the largest ensemble, so the
  /// estimated call weight is never too low.
  public static let unknownMembers = 51

  /// The known model named `name` or one of its aliases.
  public static func named(_ name: String) -> EnsembleModel? {
    known.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// Member count for the call weight.
  public static func memberCount(_ name: String) -> Int {
    named(name)?.members ?? unknownMembers
  }

  /// Every key suffix the server may use for a requested model name.
  public static func suffixes(for requested: String) -> [String] {
    guard let model = named(requested) else { return [requested] }
    return [requested] + ([model.name] + model.aliases).filter { $0 != requested }
  }
}
