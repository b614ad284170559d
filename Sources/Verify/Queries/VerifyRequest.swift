import Analysis
import SkycastModel

/// What `verify` computes: which variable, which pairs, how they are grouped and which extra
/// scores. Built from the command line, checked by ``validated()``, turned into SQL by
/// ``VerifySQL``.
public struct VerifyRequest: Sendable, Equatable {
  /// The verified variable; hourly variables pair by valid time, daily ones by local date.
  public var variable: WeatherVariable
  /// The observation source (`era5`, an import name) the forecasts are compared with.
  public var observationSource: String
  /// `--obs station`: each city's observations come from its default linked station
  /// (`station_links`), so the source differs per city; `observationSource` is then `station`.
  public var observationFromLinks = false
  /// Leave out observation values their provider flagged (`observation_flags`, stored by
  /// `--keep-suspect`); set when any are stored, unless `verify --include-suspect`.
  public var excludeFlagged = false
  /// `verify --exclude-trace`: leave out trace values (flag `trace` in `observation_flags`,
  /// precipitation too small to measure, stored as 0); kept by default.
  public var excludeTrace = false
  /// `--lapse-rate`: station temperatures brought to the city's elevation
  /// (`VerifySQL.observedValue`).
  public var lapseRate = false
  /// What the comment adds about the observations (the stations behind `--obs station`).
  public var observationNote: String?
  /// Local valid dates, inclusive; nil for all.
  public var period: ClosedRange<LocalDate>?
  /// Forecast sources to keep; empty for all.
  public var sources: [String]
  /// Forecast models to keep; empty for all.
  public var models: [String]
  /// The models each selected source holds (set by the command from what is stored): where a
  /// source holds several and `--model` chose none, the output keeps them apart
  /// (``keepsModelsApartImplicitly``) rather than pool their forecasts.
  public var selectedModelsBySource: [String: [String]] = [:]
  /// Cities to keep (ids); empty for all.
  public var cityIDs: [Int64]
  /// The grouping the user asked for, in `--by` order.
  public var groupBy: [VerifyKey]
  /// The yes/no event for contingency scores (`--threshold`, `--op`).
  public var event: VerifyEvent?
  /// Every threshold of `--threshold x1,x2,…` when there are several: `verify` scores the
  /// request once per threshold (``event`` set to each in turn) and lists the rows together.
  public var thresholds: [Double] = []
  /// Scores added with `--scores`.
  public var extraScores: Set<VerifyScoreSet> = []
  /// `--within X`: the shares of errors with |F − O| ≤ each bound, in the order given.
  public var withinBounds: [Double] = []
  /// `--same-cases`: score every source and model only on the cases (city, valid time, lead)
  /// every one of them has a pair for.
  public var sameCases = false
  /// The ascending bin edges of `--by obs-range`.
  public var observationBins: [Double] = []
  /// `--threshold pNN`: the event threshold is each city's NN-th percentile of the observations
  /// (``VerifySQL/climate(_:)``) in the pair's local calendar month; ``event`` then carries only
  /// the operator.
  public var climatePercentile: Double?
  /// `--climate-from/--climate-to`: the local dates the percentiles of ``climatePercentile``
  /// are taken over; nil for the verify period (all stored dates without one).
  public var climatePeriod: ClosedRange<LocalDate>?
  /// The matched pairs (``VerifySQL/pairs(_:)``) carry the stored precipitation probability even
  /// without an event (`verify --pairs --format verif` writes it as verif's `p0.1` column).
  public var pairsWithProbability = false

  /// True when the scores are summed from the matched pairs in Swift (``sameCases``, or a key
  /// only a pair has, ``VerifyKey/obsRange``) rather than by SQL or the merge join.
  public var scoresFromPairs: Bool {
    sameCases || groupBy.contains(.obsRange) || climatePercentile != nil
  }

  /// The bin of `value` among ``observationBins``: the number of edges ≤ value.
  public func observationBin(_ value: Double) -> Int {
    var low = 0
    var high = observationBins.count
    while low < high {
      let middle = (low + high) / 2
      if observationBins[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The label of bin `index`: `< e₀`, `eᵢ₋₁–eᵢ` (the interval [eᵢ₋₁, eᵢ)) or `≥ eₖ` (no
  /// comma, so a CSV cell needs no quotes).
  public func observationBinLabel(_ index: Int) -> String {
    let edges = observationBins.map(Self.edgeText)
    guard !edges.isEmpty else { return "" }
    if index <= 0 { return "< " + edges[0] }
    if index >= edges.count { return "≥ " + edges[edges.count - 1] }
    return "\(edges[index - 1])–\(edges[index])"
  }

  /// A bound or edge as typed: the shortest round-trip text, without a trailing `.0`.
  public static func edgeText(_ value: Double) -> String {
    let text = NumberText.shortest(value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// Bin edges for `--by obs-range` without `--obs-bins`, by quantity (nil: none, the user
  /// must give them): 5 °C steps from −30 to 40, precipitation 0.1 1 5 10 20 50 mm, snowfall
  /// 0.1 1 5 10 20 cm, percentages every 20, speeds 5 10 20 30 50 75 km/h, pressure every
  /// 10 hPa from 980 to 1030.
  public static func defaultObservationBins(_ variable: WeatherVariable) -> [Double]? {
    switch variable.quantity {
    case .temperature: stride(from: -30.0, through: 40, by: 5).map { $0 }
    case .precipitation: [0.1, 1, 5, 10, 20, 50]
    case .snowfall: [0.1, 1, 5, 10, 20]
    case .percentage: [20, 40, 60, 80]
    case .speed: [5, 10, 20, 30, 50, 75]
    case .pressure: stride(from: 980.0, through: 1030, by: 10).map { $0 }
    default: nil
    }
  }
  /// Keep pairs with a negative lead (forecasts of hours already past at issue).
  public var includePast: Bool
  /// The reference forecast for `mse_skill`.
  public var skill: SkillReference?
  /// Also find each group's first and last paired local date (for the table comment when no
  /// period is given). Off by default: it costs two aggregates per pair.
  public var measuresPeriod = false
  /// Score `wind_vector_10m`: the wind as a vector from `wind_speed_10m` and
  /// `wind_direction_10m` (``variable`` is then `wind_speed_10m`, whose unit the scores have).
  public var vectorWind = false
  /// Percentile intervals from a block bootstrap of whole valid days (`--ci`); nil for none.
  public var bootstrap: BootstrapSettings?
  /// Where hourly leads count from (daily `lead_days` always count from the issue date).
  public var leadFrom: LeadOrigin = .fetch
  /// What the comment says of the leads (`--lead-from`), when the caller chose it.
  public var leadNote: String?
  /// True when some fetch in the selection recorded its model run: revisions then count two
  /// fetches of one run as one issue.
  public var runsKnown = false

  public init(
    variable: WeatherVariable = .temperature2m, observationSource: String,
    period: ClosedRange<LocalDate>? = nil, sources: [String] = [], models: [String] = [],
    cityIDs: [Int64] = [], groupBy: [VerifyKey] = [], event: VerifyEvent? = nil,
    includePast: Bool = false, skill: SkillReference? = nil
  ) {
    self.variable = variable
    self.observationSource = observationSource
    self.period = period
    self.sources = sources
    self.models = models
    self.cityIDs = cityIDs
    self.groupBy = groupBy
    self.event = event
    self.includePast = includePast
    self.skill = skill
  }

  /// The group keys of the output, in column order: `source` first when the user neither
  /// grouped by it nor selected exactly one source (`verify` keeps sources apart,
  /// because lead time means retrieval time for `forecast` and nominal run time for
  /// `previous-runs`), then `model` when the selection holds several models, then the `--by`
  /// keys.
  public var keys: [VerifyKey] {
    (keepsSourcesApartImplicitly ? [.source] : [])
      + (keepsModelsApartImplicitly ? [.model] : []) + groupBy
  }

  /// True when `model` is added to the keys without being asked for: the selection holds
  /// several models and no `--model` chose among them, so their scores are never pooled.
  public var keepsModelsApartImplicitly: Bool {
    models.count != 1 && !groupBy.contains(.model)
      && selectedModelsBySource.values.contains { Set($0).count > 1 }
  }

  /// The forecasts scored, for comments, captions and subtitles: `forecasts: forecast
  /// (best_match, demo_model_b), one row per model`, or the `--source`/`--model` filters when
  /// nothing is stored to list; nil when neither is known.
  public var forecastSelectionText: String? {
    let wanted = Set(models)
    let listed = selectedModelsBySource.keys.sorted().map { source -> String in
      let names = Set(selectedModelsBySource[source] ?? []).filter {
        wanted.isEmpty || wanted.contains($0)
      }
      return "\(source) (\(names.sorted().joined(separator: ", ")))"
    }
    guard listed.isEmpty else {
      return "forecasts: \(listed.joined(separator: ", "))"
        + (keepsModelsApartImplicitly ? ", one row per model" : "")
    }
    if sources.isEmpty && models.isEmpty { return nil }
    let sourceText = sources.isEmpty ? "every source" : "source " + sources.joined(separator: ", ")
    let modelText = models.isEmpty ? "every model" : "model " + models.joined(separator: ", ")
    return "forecasts: \(sourceText), \(modelText)"
  }

  /// True when `source` is added to the keys without being asked for.
  public var keepsSourcesApartImplicitly: Bool {
    sources.count != 1 && !groupBy.contains(.source)
  }

  /// The name of what is verified: the variable's column, or `wind_vector_10m`.
  public var variableName: String { vectorWind ? Self.windVectorName : variable.column }

  /// What is verified, in words, for figure legends and titles.
  public var variableDisplayName: String {
    vectorWind ? "10 m wind vector (km/h)" : variable.displayName
  }

  /// What is verified, in words, inside a sentence ("RMSE of 2 m temperature by lead day").
  public var variableDisplayNameInSentence: String {
    vectorWind ? "10 m wind vector" : variable.displayNameInSentence
  }

  /// The `--var` name of the vector wind.
  public static let windVectorName = "wind_vector_10m"

  /// True when errors are angles, wrapped to [−180°, 180°) (wind directions).
  public var isCircular: Bool { !vectorWind && variable.quantity == .direction }

  /// True when `corr` (Pearson) is computed: not for angles or vectors.
  public var hasCorrelation: Bool { !vectorWind && !isCircular }

  /// True when a score needs every pair of a group (``VerifyScoreSet/needsPairs``, `--within`):
  /// `verify` then reads the pairs in a second pass, holding a group's errors in memory.
  public var needsPairs: Bool {
    !withinBounds.isEmpty || extraScores.contains(where: \.needsPairs)
  }

  /// True when the SQL groups by valid local date too, for the day-block bootstrap.
  public var groupsByDay: Bool { bootstrap != nil }

  /// True when the Brier score is computed: an event on hourly `precipitation`, whose rows
  /// carry Open-Meteo's `precipitation_probability`.
  public var computesBrier: Bool { event != nil && variable == .precipitation }

  /// True when the pairs read `precipitation_probability`: for the Brier score, or when
  /// ``pairsWithProbability`` asks for it on hourly `precipitation`.
  public var pairsReadProbability: Bool {
    computesBrier || (pairsWithProbability && variable == .precipitation)
  }

  /// True when the Brier event is not the one Open-Meteo's probability is defined for
  /// (> 0.1 mm in the hour), so the score compares a probability with another event.
  public var brierEventDiffers: Bool {
    guard computesBrier, let event else { return false }
    return !(event.op == .gt && event.threshold == 0.1)
  }

  /// Checks that the variable can be paired and every key applies to its frequency.
  ///
  /// - Parameter needsObservations: false for revisions, which read forecasts only.
  /// - Throws: `InvalidInput` (a usage error) naming the problem.
  public func validated(needsObservations: Bool = true) throws -> VerifyRequest {
    try Self.check(variable: variable, needsObservations: needsObservations)
    if vectorWind, variable != .windSpeed10m {
      throw InvalidInput(
        "\(Self.windVectorName) is built from wind_speed_10m and wind_direction_10m")
    }
    for key in groupBy where key != .obsRange && key.sql(for: variable.frequency) == nil {
      let hint = key == .lead ? "; use --by lead-day (lead_days)" : ""
      throw InvalidInput(
        "--by \(key.rawValue) does not apply to the daily variable \(variable.column)\(hint)")
    }
    return self
  }

  /// Checks that `variable` is numeric and stored on both sides of a pair.
  package static func check(variable: WeatherVariable, needsObservations: Bool) throws {
    guard variable.isNumeric else {
      throw InvalidInput("\(variable.column) is a time of day, not a value that can be scored")
    }
    let forecastRole: WeatherVariable.Roles =
      variable.frequency == .hourly ? .hourlyForecast : .dailyForecast
    let observationRole: WeatherVariable.Roles =
      variable.frequency == .hourly ? .hourlyObservation : .dailyObservation
    guard variable.roles.contains(forecastRole) else {
      throw InvalidInput("\(variable.column) is not stored with forecasts")
    }
    if needsObservations, !variable.roles.contains(observationRole) {
      throw InvalidInput(
        "\(variable.column) has no observations to compare with (it is forecast-only); --revisions works on it"
      )
    }
  }

  /// The variables `--var` accepts for scores: numeric, with forecast and observation columns.
  ///
  /// (`wind_vector_10m`, which combines two of them, is accepted by `--var` too.)
  public static var verifiableVariables: [WeatherVariable] {
    WeatherVariable.allCases.filter { (try? check(variable: $0, needsObservations: true)) != nil }
  }

  /// Resolves a `--var` name.
  ///
  /// - Throws: `InvalidInput` listing the verifiable variables.
  public static func variable(named name: String) throws -> WeatherVariable {
    guard let variable = WeatherVariable.named(name) else {
      let names = (verifiableVariables.map(\.rawValue) + [windVectorName]).joined(separator: ", ")
      throw InvalidInput("The value '\(name)' is invalid for '--var': expected one of \(names)")
    }
    return variable
  }
}
