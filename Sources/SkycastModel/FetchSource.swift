/// Where stored rows came from: the `source` column of every data table, and (as
/// ``fetchLogValue``) of the fetch log. The raw values are stable, lower case and part of the
/// file format (`skycast help importing`, `skycast help stations`); this type is the only
/// place in the code that spells them.
public enum FetchSource: Sendable, Hashable, CustomStringConvertible {
  /// `collect`: the Forecast API, one row set per fetch (`forecast`).
  case forecast
  /// `backfill`: the Previous Runs API's 24·N-hour leads (`previous-runs`).
  case previousRuns
  /// Complete past model runs from the Single Runs API (`single-runs`).
  case singleRuns
  /// The Historical Forecast API's stitched first hours of `model` (`analysis:<model>`).
  case analysis(model: String)
  /// `collect --ensemble`: the Ensemble API's members (`ensemble`).
  case ensemble
  /// `observe`: the ERA5 reanalysis of the Archive API (`era5`).
  case era5
  /// `observe --model best_match`: the Archive API's blend (`archive`).
  case archive
  /// Measurements of one station (`station:<provider>:<id>`).
  case station(provider: StationProvider, id: String)
  /// The demo's generated observations (`synthetic`).
  case synthetic
  /// Rows the user imported under a name of their own (the bare name; `import:<name>` in the
  /// fetch log).
  case imported(String)

  /// Reads a stored `source` value; a name that is no built-in source is an import's.
  public init(rawValue: String) {
    switch rawValue {
    case "forecast": self = .forecast
    case "previous-runs": self = .previousRuns
    case "single-runs": self = .singleRuns
    case "ensemble": self = .ensemble
    case "era5": self = .era5
    case "archive": self = .archive
    case "synthetic": self = .synthetic
    default:
      if rawValue.hasPrefix(Self.analysisPrefix), rawValue.count > Self.analysisPrefix.count {
        self = .analysis(model: String(rawValue.dropFirst(Self.analysisPrefix.count)))
      } else if let station = Self.station(rawValue) {
        self = station
      } else {
        self = .imported(rawValue)
      }
    }
  }

  /// The value of the data tables' `source` column.
  public var rawValue: String {
    switch self {
    case .forecast: "forecast"
    case .previousRuns: "previous-runs"
    case .singleRuns: "single-runs"
    case .analysis(let model): Self.analysisPrefix + model
    case .ensemble: "ensemble"
    case .era5: "era5"
    case .archive: "archive"
    case .station(let provider, let id): "\(Self.stationPrefix)\(provider.rawValue):\(id)"
    case .synthetic: "synthetic"
    case .imported(let name): name
    }
  }

  /// The value of the fetch log's `source` column: an import's is `import:<name>`, so a
  /// user's name can never pass for a built-in fetch.
  public var fetchLogValue: String {
    if case .imported(let name) = self { return Self.importPrefix + name }
    return rawValue
  }

  public var description: String { rawValue }

  /// Names an import may not take: every built-in source, and any name of their shapes.
  public var isBuiltIn: Bool {
    if case .imported = self { return false }
    return true
  }

  /// True for the one source whose hourly rows are keyed by their fetch (`dedupe`): `collect`
  /// stores every fetch of the same run, so revisions can be told apart.
  public var isKeyedByFetch: Bool { self == .forecast }

  /// The built-in sources' names, for messages (`forecast, previous-runs, …`).
  public static let builtInNames =
    [
      FetchSource.forecast, .previousRuns, .singleRuns, .ensemble, .era5, .archive, .synthetic,
    ].map(\.rawValue).joined(separator: ", ") + ", analysis:MODEL, station:PROVIDER:ID"

  /// The Archive API's model behind ``era5`` (what `observe` asks for by default).
  public static let era5Model = "era5"

  static let analysisPrefix = "analysis:"
  /// What every station source starts with (`station:<provider>:<id>`), for SQL that builds
  /// a station's source from its columns.
  public static let stationPrefix = "station:"
  static let importPrefix = "import:"

  private static func station(_ text: String) -> FetchSource? {
    guard text.hasPrefix(stationPrefix) else { return nil }
    let rest = text.dropFirst(stationPrefix.count)
    guard let colon = rest.firstIndex(of: ":"),
      let provider = StationProvider(rawValue: String(rest[..<colon]))
    else { return nil }
    let id = rest[rest.index(after: colon)...]
    return id.isEmpty ? nil : .station(provider: provider, id: String(id))
  }
}
