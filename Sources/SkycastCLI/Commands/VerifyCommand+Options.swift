import Analysis
import SkycastModel
import Store
import Verify

/// Parsing and checking `verify` options.
extension VerifyCommand {
  /// Every option `verify` declares, each once with its type, help and default: the spec
  /// arrays list `Options.x.spec` and the code reads `invocation[Options.x]`.
  enum Options {
    // MARK: Scores

    /// `--var`: nil when not given (a scorecard's first `--vars` row stands for it then).
    static let `var` = Option<String?>.text(
      "var", value: "variable", help: "The variable to verify (see 'skycast vars').",
      default: "temperature_2m")
    /// `--by`: the grouping keys, the first of repeats kept.
    static let by = Option<[VerifyKey]>.parsed(
      list(
        "by", value: "key",
        help:
          "Group by lead, lead-day, city, model, source, month, valid-hour (or hour-of-day), season or obs-range (repeat or comma-separate)."
      )
    ) { try VerifyKey.parse($0) }
    /// `--threshold`: numbers, or one `pNN` percentile.
    static let threshold = Option<VerifyThresholds>.parsed(
      list(
        "threshold", value: "x",
        help:
          "Event threshold for contingency scores, in the variable's unit; several (0.1,1,5) give one row per threshold; p90: each city's 90th percentile of the observations per calendar month."
      )
    ) { try VerifyThresholds.parse($0) }
    /// `--scores`: words of `VerifyScoreSet`, any case.
    static let scores = Option<Set<VerifyScoreSet>>.parsed(
      list(
        "scores", value: "set",
        help:
          "Add scores: extremes (\(VerifyScore.extremes.map(\.column).joined(separator: ", ")); with --threshold), quantiles (p10…p90 and mad of F−O), spearman."
      )
    ) { words in
      try Set(
        words.map { word in
          guard let set = VerifyScoreSet(rawValue: word.lowercased()) else {
            let names = VerifyScoreSet.allCases.map(\.rawValue).joined(separator: ", ")
            throw InvalidOptionValue(word, expected: "one of \(names)")
          }
          return set
        })
    }
    static let sameCases = Flag(
      "same-cases",
      help:
        "Score every source and model only on the cases (city, valid time, lead) all of them have."
    )
    /// `--climate-from`, `--climate-to`: the reference period of `--threshold pNN`.
    static let climateFrom = Option<LocalDate?>.date(
      "climate-from",
      help:
        "With --threshold pNN and --climate-to: first local date of the percentiles' reference period (default: the verify period)."
    )
    static let climateTo = Option<LocalDate?>.date(
      "climate-to",
      help: "With --climate-from: last local date of the reference period.")
    /// `--obs-bins`: ascending edges; empty when not given (the variable's default then).
    static let obsBins = Option<[Double]>.parsed(
      list(
        "obs-bins", value: "edges",
        help: "Bin edges of --by obs-range, ascending (default per variable, e.g. 5 °C steps).")
    ) { words in
      var edges: [Double] = []
      for word in words {
        guard let value = Double(word), value.isFinite, value > (edges.last ?? -.infinity) else {
          throw InvalidOptionValue(
            word, expected: "ascending numbers (bin edges), such as 0,5,10")
        }
        edges.append(value)
      }
      return edges
    }
    /// `--within`: error bounds ≥ 0, in the order given without repeats.
    static let within = Option<[Double]>.parsed(
      list(
        "within", value: "x",
        help: "Add within_X, the share of pairs with |F − O| ≤ X (repeat or comma-separate).")
    ) { words in
      var values: [Double] = []
      for word in words {
        guard let value = Double(word), value.isFinite, value >= 0 else {
          throw InvalidOptionValue(word, expected: "an error bound ≥ 0")
        }
        if !values.contains(value) { values.append(value) }
      }
      return values
    }
    static let op = Option<EventOperator>.choice(
      "op", value: "op", help: "Event operator: ge (value ≥ x) or gt (value > x).", default: .ge)
    /// `--obs`: nil when not given (the source overlapping the forecasts most is chosen).
    static let obs = Option<String?>.text(
      "obs", value: "source", help: "Observation source to compare with.",
      default: "the one overlapping the forecasts most")
    static let source = Option<[String]>.list(
      "source", value: "source",
      help: "Only forecasts from this source (forecast, previous-runs, an import name).")
    static let model = Option<[String]>.list(
      "model", value: "model", help: "Only forecasts of this model.")
    /// `--skill`: text, not a choice, because `--ensemble` also takes `deterministic[:MODEL]`
    /// (the score table reads it as a `SkillReference`: `skillReference`).
    static let skill = Option<String?>.text(
      "skill", value: "reference", help: "Add mse_skill against persistence or climatology.")

    // MARK: Modes

    static let revisions = Flag(
      "revisions", help: "Report run-to-run revisions and the flip-flop index instead of scores.")
    static let pairs = Flag(
      "pairs", help: "Write the matched forecast–observation pairs instead of scores.")
    /// `--compare A B`: the two words, empty when not given.
    static let compare = Option<[String]>.words(
      "compare", ["a", "b"],
      help:
        "Compare two models or two sources (model:NAME, source:NAME) on the same cases: scores, difference with its interval, Diebold–Mariano test, verdict."
    )
    static let reliability = Flag(
      "reliability",
      help:
        "Probability forecasts (precipitation_probability): Brier score with its reliability, resolution and uncertainty, skill and ROC area."
    )
    static let bins = Flag(
      "bins", help: "With --reliability: the reliability table, one row per 10 % bin.")
    static let loss = Option<ComparisonRequest.Loss>.choice(
      "loss", value: "loss",
      help: "With --compare: se (squared error, rmse) or ae (absolute error, mae).", default: .se)

    // MARK: Pairs and observations

    static let includePast = Flag(
      "include-past", help: "Keep forecasts of hours already past at issue time (lead < 0).")
    static let includeSuspect = Flag(
      "include-suspect",
      help: "Keep observation values their provider flagged (stored with --keep-suspect).")
    static let excludeTrace = Flag(
      "exclude-trace",
      help: "Leave out trace precipitation (too small to measure, stored as 0 with a flag).")
    static let lapseRate = Flag(
      "lapse-rate",
      help:
        "Bring station temperatures to the city's elevation: + 0.65 K per 100 m the station is above it."
    )
    /// `--lead-from`: nil when not given (from the run where any fetch recorded it).
    static let leadFrom = Option<LeadOrigin?>.choice(
      "lead-from", value: "origin",
      help: "Count hourly leads from the model run (where the fetch recorded it) or the fetch.",
      of: LeadOrigin.self, shown: "run where known")

    // MARK: Intervals

    /// `--ci [LEVEL]`: the interval's level as a probability (0.95 when given bare); nil when
    /// not given.
    static let ci = Option<Double?>.parsed(
      .optionalNumber(
        "ci", value: "level",
        help:
          "Add <score>_lo and <score>_hi: percentile intervals from a circular block bootstrap of whole valid days.",
        default: "95 when given bare"),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard !word.isEmpty else { return BootstrapSettings().level }
      guard let percent = Double(word), percent > 0, percent < 100 else {
        throw InvalidOptionValue(
          word, expected: "a level in percent between 0 and 100, such as 95")
      }
      return percent / 100
    }
    static let bootstrap = Option<Int>.integer(
      "bootstrap", value: "n", help: "Bootstrap resamples for --ci and --compare.",
      in: 100...100_000, default: BootstrapSettings.defaultResamples)
    /// `--block-days`: nil when not given (the bootstrap chooses the block length).
    static let blockDays = Option<Int?>.integer(
      "block-days", value: "days", help: "Bootstrap block length in valid days.",
      in: 1...100_000,
      shown:
        "Wilks (1997) rule from the lag-1 autocorrelation of the daily errors, at least the cube root of the days (--compare: and at least h)"
    )
    /// `--seed`: a `UInt64` (beyond `Int`'s range, so not an `.integer` option); nil when not
    /// given. The bootstrap and the rank histograms of `--ensemble` and `--lagged` read it.
    static let seed = Option<UInt64?>.parsed(
      OptionSpec(
        "seed", value: "n", help: "Seed of the bootstrap's generator (echoed in the comment).",
        default: String(BootstrapSettings.defaultSeed)),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let seed = UInt64(word) else {
        throw InvalidOptionValue(word, expected: "a whole number from 0 to \(UInt64.max)")
      }
      return seed
    }

    // MARK: Figures and diagrams

    /// `--score`: text, because the score table reads it as a `VerifyFigure.Score`
    /// (`figureScore`) and `--ensemble` as an `EnsembleFigure.Score`.
    static let score = Option<String?>.text(
      "score", value: "score",
      help:
        "With --format svg: the score to draw, any the table has ("
        + VerifyScore.allCases.map(\.optionName).joined(separator: ", ") + ").",
      default: "rmse")
    static let diagram = Option<VerifyDiagram?>.choice(
      "diagram", value: "kind",
      help:
        "Draw (--format svg) or list the points of a diagram: performance, taylor, discrimination, value, qq, conditional; with --ensemble pit.",
      of: VerifyDiagram.self)
    /// `--lead-days`: nil when not given.
    static let leadDays = Option<LeadDaySelection?>.parsed(
      OptionSpec(
        "lead-days", value: "days",
        help: "With --format svg or --diagram: only these lead days (1-5, 1,3,5)."),
      whole: true
    ) { words in try words.last.map(LeadDaySelection.parse) }

    // MARK: Scorecard

    static let scorecard = Flag(
      "scorecard",
      help:
        "With --compare A B: variables × lead days, coloured by (A − B)/B, marked where the Diebold–Mariano test is significant."
    )
    static let vars = Option<[String]>.list(
      "vars", value: "variables",
      help: "With --scorecard: the variables, one row each (comma-separated; default --var).")

    // MARK: Ensembles

    static let ensemble = Flag(
      "ensemble",
      help:
        "Score the stored ensembles (collect --ensemble): crps, ensemble-mean bias/mae/rmse, spread, spread_skill, verif 1.4's as verif_spread, verif_spreadskillratio; --skill climatology|deterministic[:MODEL] adds crpss."
    )
    static let fair = Flag(
      "fair", help: "With --ensemble: the fair CRPS (unbiased for the ensemble size).")
    static let rankHistogram = Flag(
      "rank-histogram",
      help:
        "With --ensemble or --lagged: the rank histogram (M + 1 bins, ties broken at random by --seed)."
    )

    // MARK: Lagged ensembles and jumpiness

    /// `--lagged N`: the issues per ensemble, N ≥ 2; nil when not given.
    static let lagged = Option<Int?>.parsed(
      OptionSpec(
        "lagged", value: "n",
        help:
          "Score the newest N issues of each valid time as an ensemble (crps, crps_fair, spread, spread_skill; --rank-histogram) beside the newest issue alone."
      ),
      whole: true
    ) { words in
      guard let word = words.last else { return nil }
      guard let count = Int(word), count >= 2 else {
        throw InvalidInput("--lagged needs N >= 2 (the issues per ensemble), not '\(word)'")
      }
      return count
    }
    static let jumpiness = Flag(
      "jumpiness",
      help:
        "Errors of the newest issue by the size of its last revision (n, mae, rmse per bin), with the correlation of |revision| and |error|."
    )
    static let ensembleModel = Option<String?>.text(
      "ensemble-model", value: "model",
      help:
        "With --lagged: also score this stored ensemble (collect --ensemble) on the same cases, as ens_* columns."
    )
    /// `--revision-bins`: ascending, finite edges ≥ 0 (|revision| ≥ 0); nil when not given.
    static let revisionBins = Option<[Double]?>.parsed(
      list(
        "revision-bins", value: "edges",
        help: "With --jumpiness: bin edges of |revision|, ascending, in the variable's unit.",
        default: "the 20/40/60/80 % quantiles of the revisions")
    ) { words in
      guard !words.isEmpty else { return nil }
      var edges: [Double] = []
      for word in words {
        guard let edge = Double(word), edge.isFinite, edge >= 0 else {
          throw InvalidOptionValue(word, expected: "a number ≥ 0")
        }
        if let last = edges.last, edge <= last {
          throw InvalidInput(
            "--revision-bins needs ascending edges (\(words.joined(separator: ",")))")
        }
        edges.append(edge)
      }
      return edges
    }

    /// A repeatable, comma-separated option's declaration.
    private static func list(
      _ name: String, value: String, help: String, default defaultText: String? = nil
    ) -> OptionSpec {
      OptionSpec(name, value: value, help: help, repeating: true, default: defaultText)
    }
  }

  // MARK: - Options

  /// `--ci [LEVEL]`, `--bootstrap N`, `--block-days D`, `--seed S`; nil without `--ci` unless
  /// `always` (comparisons always resample).
  static func bootstrap(_ invocation: Invocation, always: Bool) throws -> BootstrapSettings? {
    let level = try invocation[Options.ci]
    if level == nil, !always { return nil }
    var settings = BootstrapSettings()
    if let level { settings.level = level }
    settings.resamples = try invocation[Options.bootstrap]
    settings.blockDays = try invocation[Options.blockDays]
    if let seed = try invocation[Options.seed] { settings.seed = seed }
    return settings
  }

  /// `--skill` as the score table's reference (persistence or climatology); nil when not given.
  static func skillReference(_ invocation: Invocation) throws -> SkillReference? {
    try invocation.choice(Options.skill.spec, as: SkillReference.self)
  }

  /// `--score` as what a score figure draws; nil when not given (rmse).
  static func figureScore(_ invocation: Invocation) throws -> VerifyFigure.Score? {
    try invocation.choice(Options.score.spec, as: VerifyFigure.Score.self)
  }

  /// The values in first-seen order without repeats (`--source a --source a` selects one).
  static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  /// The event of `--threshold` (its lowest value) and `--op`; nil without a threshold.
  static func event(_ invocation: Invocation) throws -> VerifyEvent? {
    let op = try invocation[Options.op]
    guard let threshold = try invocation[Options.threshold].values.first else { return nil }
    return VerifyEvent(threshold: threshold, op: op)
  }

  /// `--climate-from/--climate-to`, only with `--threshold pNN`; nil when not given.
  static func climatePeriod(_ invocation: Invocation) throws -> ClosedRange<LocalDate>? {
    // The declared rules (`climateRules`) refuse a reference period without a percentile.
    guard try invocation[Options.threshold].percentile != nil else { return nil }
    return try invocation.dateRange(
      from: Options.climateFrom, to: Options.climateTo, required: false)
  }

  /// `--obs-bins e1,e2,…` (ascending), else the variable's default edges.
  static func observationBins(_ invocation: Invocation, variable: WeatherVariable) throws
    -> [Double]
  {
    let edges = try invocation[Options.obsBins]
    guard edges.isEmpty else { return edges }
    guard let edges = VerifyRequest.defaultObservationBins(variable) else {
      throw invocation.usage(
        "--by obs-range has no default bins for \(variable.column): give --obs-bins e1,e2,…")
    }
    return edges
  }

  /// Reads the score table's values (`--threshold`, `--within`, `--obs-bins` of
  /// `--by obs-range`, `--scores`), so a word that is not one is refused before the database
  /// is opened; which modes they combine with is declared (`addedScoreRules`).
  static func readAddedScores(_ invocation: Invocation) throws {
    _ = try invocation[Options.threshold]
    _ = try invocation[Options.within]
    if invocation.isGiven(Options.obsBins),
      ((try? invocation[Options.by]) ?? []).contains(.obsRange)
    {
      _ = try invocation[Options.obsBins]
    }
    _ = try invocation[Options.scores]
  }

  /// Warnings where a score means something other than it seems.
  static func warnAboutMeaning(_ request: VerifyRequest, invocation: Invocation) {
    if request.brierEventDiffers, request.climatePercentile == nil, let event = request.event {
      invocation.warn(
        "bs scores Open-Meteo's precipitation_probability, which is P(> 0.1 mm in the hour), against the event \(event.symbol) \(NumberText.shortest(event.threshold)) mm; use --threshold 0.1 --op gt for the event it forecasts"
      )
    }
    switch request.variable.quantity {
    case .weatherCode:
      invocation.warn(
        "\(request.variable.column) is a category code; differences of codes have no physical meaning"
      )
    default: break
    }
  }

  /// `--obs station` with stations linked: each city's observations come from its default
  /// station (`skycast help stations`), named in the comment with distance and elevation difference. False
  /// when `--obs` is not `station` or no selected city has a default station (then `station`
  /// is an imported source's name, as before links existed).
  static func useLinkedStations(
    _ request: inout VerifyRequest, store: Store, invocation: Invocation
  ) throws -> Bool {
    guard invocation[Options.obs] == "station" else { return false }
    let links = try store.read { try store.stationLinks() }.filter {
      $0.isDefault && (request.cityIDs.isEmpty || request.cityIDs.contains($0.cityID))
    }
    guard !links.isEmpty else { return false }
    let cities = try store.cities()
    func name(_ id: Int64) -> String {
      cities.first { $0.id == id }.map(invocation.label) ?? "city \(id)"
    }
    let selected = request.cityIDs.isEmpty ? cities.map(\.id) : request.cityIDs
    for id in selected where !links.contains(where: { $0.cityID == id }) {
      invocation.warn(
        "\(name(id)) has no default station (skycast station link): it has no pairs with --obs station"
      )
    }
    request.observationFromLinks = true
    request.observationSource = "station"
    request.observationNote =
      "station" + (links.count == 1 ? " " : "s: ")
      + links.map { "\(name($0.cityID)) \($0.description)" }.joined(separator: "; ")
    return true
  }

  /// Flagged observation values (`--keep-suspect`) are left out unless `--include-suspect`;
  /// the comment says which whenever any are stored. Trace values (flag `trace`) are kept
  /// unless `--exclude-trace`.
  static func applyFlags(_ request: inout VerifyRequest, store: Store, invocation: Invocation)
    throws
  {
    if invocation[Options.excludeTrace] {
      request.excludeTrace = true
      let traces = try store.read { try store.traceObservationCount() }
      let note = "trace precipitation left out (\(traces) stored as 0 with a flag; --exclude-trace)"
      request.observationNote = request.observationNote.map { $0 + "; " + note } ?? note
    }
    let flagged = try store.read { try store.flaggedObservationCount() }
    guard flagged > 0 else { return }
    let include = invocation[Options.includeSuspect]
    request.excludeFlagged = !include
    let note =
      include
      ? "\(flagged) provider-flagged observation values included (--include-suspect)"
      : "provider-flagged observation values left out (\(flagged) stored; --include-suspect keeps them)"
    request.observationNote = request.observationNote.map { $0 + "; " + note } ?? note
  }

  /// `--lapse-rate`: temperatures only, against station observations; the comment says so. A
  /// link whose station elevation is impossible (stored before lists were checked: 1e19 m,
  /// 99,999,999 m) refuses the run rather than move every value by thousands of degrees.
  static func applyLapseRate(_ request: inout VerifyRequest, store: Store, invocation: Invocation)
    throws
  {
    guard invocation[Options.lapseRate] else { return }
    // 6.5 K/km is the air temperature's lapse rate; dew point and felt temperature differ.
    guard [.temperature2m, .temperature2mMax, .temperature2mMin].contains(request.variable) else {
      throw invocation.usage(
        "--lapse-rate adjusts air temperature (temperature_2m and its daily max and min), not \(request.variable.column)"
      )
    }
    let isStation: Bool
    if case .station = FetchSource(rawValue: request.observationSource) {
      isStation = true
    } else {
      isStation = request.observationFromLinks
    }
    guard isStation else {
      throw invocation.usage(
        "--lapse-rate needs station observations (--obs station or --obs station:PROVIDER:ID); \(request.observationSource) has no station elevation"
      )
    }
    let cityIDs = request.cityIDs
    let links = try store.read { try store.stationLinks() }.filter {
      cityIDs.isEmpty || cityIDs.contains($0.cityID)
    }
    if let link = links.first(where: Self.hasImpossibleElevation) {
      let city = try store.cities().first { $0.id == link.cityID }
      throw CLIError.failure(
        "--lapse-rate: the link of \(city.map(invocation.label) ?? "city \(link.cityID)") to \(link.station.provider.rawValue):\(TerminalSafe.escape(link.station.id)) has an impossible elevation (\(link.station.problem ?? "difference outside ±9500 m")); load the station list again and link again"
      )
    }
    request.lapseRate = true
    let note =
      "station temperatures brought to the city's elevation: + 0.65 K per 100 m the station is above it (0.0065 K/m, standard atmosphere; unlinked stations unchanged)"
    request.observationNote = request.observationNote.map { $0 + "; " + note } ?? note
  }

  /// True when a link's station elevation or elevation difference cannot be (outside
  /// `Station.elevations`, or a difference beyond the 9,500 m between the lowest and highest).
  static func hasImpossibleElevation(_ link: StationLink) -> Bool {
    if let elevation = link.station.elevation, !Station.elevations.contains(elevation) {
      return true
    }
    guard let difference = link.elevationDifference else { return false }
    let span = Station.elevations.upperBound - Station.elevations.lowerBound
    return !difference.isFinite || abs(difference) > span
  }

  /// `--lead-from`: as given, else from the run when any fetch in the selection recorded its
  /// run (the others keep the fetch's lead), else from the fetch. The comment says which, and
  /// how many of the selected forecast hours had no known run (observations do not count).
  ///
  /// - Returns: the coverage when leads count from the run and some forecast hours have no
  ///   known run, so the caller can say it in pairs once the observations are chosen
  ///   (`describeRunCoverageInPairs`); else nil.
  @discardableResult
  static func chooseLeadOrigin(
    _ request: inout VerifyRequest, invocation: Invocation, store: Store
  ) throws -> (hours: Int, withRun: Int, meanAge: Double?)? {
    let given = try invocation[Options.leadFrom]
    guard request.variable.frequency == .hourly else {
      if given == .run {
        invocation.warn(
          "--lead-from run applies to hourly variables; daily leads count from the issue date")
      }
      return nil
    }
    let coverage = try store.read {
      try store.runCoverage(
        sources: request.sources, models: request.models, cityIDs: request.cityIDs)
    }
    let origin = given ?? (coverage.withRun > 0 ? .run : .fetch)
    request.leadFrom = origin
    request.runsKnown = coverage.withRun > 0
    let unknown = coverage.hours - coverage.withRun
    switch origin {
    case .run where coverage.withRun == 0:
      request.leadNote = "lead from the fetch (no fetch recorded its model run)"
    case .run:
      request.leadNote =
        "lead from the model run"
        + (unknown > 0
          ? " (\(unknown) of \(coverage.hours) forecast hours without a known run: lead from the fetch)"
          : "")
        + Self.stalenessText(coverage.meanAge)
    case .fetch:
      request.leadNote =
        given == nil
        ? nil
        : "lead from the fetch (when the forecast was received)"
          + Self.stalenessText(coverage.meanAge)
    }
    return origin == .run && coverage.withRun > 0 && unknown > 0 ? coverage : nil
  }

  /// The lead comment's coverage in the pairs verify scores (forecast and observation both
  /// there), once the observations are chosen: `(3 of 120 pairs without a known run: …)`.
  static func describeRunCoverageInPairs(
    _ request: inout VerifyRequest, coverage: (hours: Int, withRun: Int, meanAge: Double?),
    store: Store
  ) throws {
    let pairs = try store.read { try store.pairRunCoverage(request) }
    let unknown = pairs.pairs - pairs.withRun
    request.leadNote =
      "lead from the model run"
      + (unknown > 0
        ? " (\(unknown) of \(pairs.pairs) pairs without a known run: lead from the fetch)" : "")
      + Self.stalenessText(coverage.meanAge)
  }

  /// `; runs were 9.8 h old on average when fetched`: the difference between the two leads,
  /// how stale the served forecasts were.
  static func stalenessText(_ seconds: Double?) -> String {
    guard let seconds else { return "" }
    return
      "; runs were \(NumberText.fixed(seconds / 3600, decimals: 1)) h old on average when fetched"
  }

  /// The observation source of a scoring run: the linked stations (`--obs station`), else
  /// `--obs`, else the source that overlaps the forecasts most, said in a note.
  static func chooseObservations(
    _ request: inout VerifyRequest, variable: WeatherVariable, store: Store, verifier: Verifier,
    invocation: Invocation
  ) throws {
    guard try !useLinkedStations(&request, store: store, invocation: invocation) else { return }
    let chosen = try store.read {
      try verifier.chooseObservationSourceWithReason(
        requested: invocation[Options.obs], variable: variable, cityIDs: request.cityIDs)
    }
    request.observationSource = chosen.source
    if let note = chosen.note { invocation.info("note: " + note) }
  }

  /// The models stored under each source `request` selects (its `--source` and `--model`
  /// filters applied), for ``VerifyRequest/selectedModelsBySource``.
  static func modelsBySource(_ request: VerifyRequest, store: Store) throws -> [String: [String]] {
    let daily = request.variable.frequency == .daily
    // The selected cities' series only: a comment that named another city's source (the demo's
    // previous-runs of Enschede under Alpenau's scores) would name a forecast never scored.
    let stored = try store.read {
      try store.storedForecastSeries(daily: daily, cityIDs: request.cityIDs)
    }
    var bySource: [String: [String]] = [:]
    for (source, model) in stored.map({ ($0.source.rawValue, $0.model) })
    where (request.sources.isEmpty || request.sources.contains(source))
      && (request.models.isEmpty || request.models.contains(model))
    {
      bySource[source, default: []].append(model)
    }
    return bySource
  }
}
