import Analysis
import SkycastModel
import Store
import Verify

/// Parsing and checking `verify` options.
extension VerifyCommand {
  // MARK: - Options

  /// `--ci [LEVEL]`, `--bootstrap N`, `--block-days D`, `--seed S`; nil without `--ci` unless
  /// `always` (comparisons always resample).
  static func bootstrap(_ invocation: Invocation, always: Bool) throws -> BootstrapSettings? {
    let given = invocation.string("ci")
    if given == nil, !always {
      for name in ["bootstrap", "block-days", "seed"] where invocation.string(name) != nil {
        throw invocation.usage("--\(name) sets up the bootstrap of --ci (or --compare); add --ci")
      }
      return nil
    }
    var settings = BootstrapSettings()
    if let given, !given.isEmpty {
      guard let percent = Double(given), percent > 0, percent < 100 else {
        throw invocation.usage(
          "The value '\(given)' is invalid for '--ci': expected a level in percent between 0 and 100, such as 95"
        )
      }
      settings.level = percent / 100
    }
    settings.resamples = try invocation.intValue("bootstrap")
    settings.blockDays = try invocation.int("block-days")
    if let text = invocation.string("seed") {
      guard let seed = UInt64(text) else {
        throw invocation.usage(
          "The value '\(text)' is invalid for '--seed': expected a whole number from 0 to \(UInt64.max)"
        )
      }
      settings.seed = seed
    }
    return settings
  }

  /// The values in first-seen order without repeats (`--source a --source a` selects one).
  static func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  static func event(_ invocation: Invocation) throws -> VerifyEvent? {
    let op = try invocation.choiceValue("op", as: EventOperator.self)
    guard let threshold = try thresholds(invocation).first else {
      if invocation.string("op") != nil { throw invocation.usage("--op needs --threshold <x>") }
      return nil
    }
    return VerifyEvent(threshold: threshold, op: op)
  }

  /// `--threshold x1,x2,…` (or repeated): every threshold in ascending order without repeats.
  static func thresholds(_ invocation: Invocation) throws -> [Double] {
    // `pNN` is a percentile of the observed climate: its event carries only the operator.
    if try climatePercentile(invocation) != nil { return [0] }
    var values: [Double] = []
    for text in invocation.list("threshold") {
      guard let value = Double(text), value.isFinite else {
        throw invocation.invalidValue(text, for: "threshold", expected: "a number")
      }
      if !values.contains(value) { values.append(value) }
    }
    return values.sorted()
  }

  /// `--threshold pNN` (one value, 0 < NN < 100): the percentile; nil for numeric thresholds.
  static func climatePercentile(_ invocation: Invocation) throws -> Double? {
    let words = invocation.list("threshold")
    guard words.contains(where: { $0.lowercased().hasPrefix("p") }) else { return nil }
    guard words.count == 1, let percent = Double(words[0].dropFirst()), percent > 0,
      percent < 100
    else {
      let word = words.first { $0.lowercased().hasPrefix("p") } ?? ""
      throw invocation.invalidValue(
        words.count == 1 ? word : words.joined(separator: ","), for: "threshold",
        expected: "numbers, or one percentile of the observed climate such as p90")
    }
    return percent
  }

  /// `--within X,…` (or repeated): bounds ≥ 0 for the shares of |F − O| ≤ X, as given.
  static func withinBounds(_ invocation: Invocation) throws -> [Double] {
    var values: [Double] = []
    for text in invocation.list("within") {
      guard let value = Double(text), value.isFinite, value >= 0 else {
        throw invocation.invalidValue(text, for: "within", expected: "an error bound ≥ 0")
      }
      if !values.contains(value) { values.append(value) }
    }
    return values
  }

  /// `--obs-bins e1,e2,…` (ascending), else the variable's default edges.
  static func observationBins(_ invocation: Invocation, variable: WeatherVariable) throws
    -> [Double]
  {
    let words = invocation.list("obs-bins")
    guard !words.isEmpty else {
      guard let edges = VerifyRequest.defaultObservationBins(variable) else {
        throw invocation.usage(
          "--by obs-range has no default bins for \(variable.column): give --obs-bins e1,e2,…")
      }
      return edges
    }
    var edges: [Double] = []
    for text in words {
      guard let value = Double(text), value.isFinite, value > (edges.last ?? -.infinity) else {
        throw invocation.invalidValue(
          text, for: "obs-bins", expected: "ascending numbers (bin edges), such as 0,5,10")
      }
      edges.append(value)
    }
    return edges
  }

  /// `--scores extremes,quantiles,spearman` (or repeated).
  static func extraScores(_ invocation: Invocation) throws -> Set<VerifyScoreSet> {
    var sets = Set<VerifyScoreSet>()
    for word in invocation.list("scores") {
      guard let set = VerifyScoreSet(rawValue: word.lowercased()) else {
        let names = VerifyScoreSet.allCases.map(\.rawValue).joined(separator: ", ")
        throw invocation.invalidValue(word, for: "scores", expected: "one of \(names)")
      }
      sets.insert(set)
    }
    return sets
  }

  /// `--scores`, `--within` and several thresholds belong to the score table: not to the
  /// modes that write something else.
  static func checkAddedScores(_ invocation: Invocation) throws {
    _ = try thresholds(invocation)
    _ = try withinBounds(invocation)
    let added = ["scores", "within"].filter { invocation.string($0) != nil }
    let several = invocation.list("threshold").count > 1
    let modes =
      modeFlags.filter { invocation.flag($0) }
      + (invocation.strings("compare").isEmpty ? [] : ["compare"])
    if let mode = modes.first {
      if let option = added.first {
        throw invocation.usage("--\(option) adds columns to the score table; leave out --\(mode)")
      }
      if several, mode != "revisions", mode != "pairs" {
        throw invocation.usage("--\(mode) takes one --threshold")
      }
    }
    let keys = (try? VerifyKey.parse(invocation.list("by"))) ?? []
    let percentile = try climatePercentile(invocation)
    let pairPath =
      ["same-cases"].filter { invocation.flag($0) }.map { "--\($0)" }
      + (keys.contains(.obsRange) ? ["--by obs-range"] : [])
      + (percentile.map { ["--threshold p" + VerifyRequest.edgeText($0)] } ?? [])
    if let option = pairPath.first {
      if let mode = modes.first {
        throw invocation.usage("\(option) applies to the score table; leave out --\(mode)")
      }
      if invocation.string("skill") != nil {
        throw invocation.usage(
          "\(option) scores the matched pairs, which carry no --skill reference; leave out --skill")
      }
    }
    if invocation.string("obs-bins") != nil {
      guard keys.contains(.obsRange) else {
        throw invocation.usage("--obs-bins sets the bins of --by obs-range")
      }
      _ = try observationBins(invocation, variable: .temperature2m)
    }
    // The performance diagram draws a line per threshold; other figures draw one.
    if several, invocation.formatChoice == .svg, invocation.string("diagram") != "performance" {
      throw invocation.usage(
        "--format svg draws one threshold (--diagram performance draws several); give --threshold one value"
      )
    }
    if try extraScores(invocation).contains(.extremes), invocation.string("threshold") == nil {
      throw invocation.usage("--scores extremes scores the contingency table of --threshold <x>")
    }
  }

  static func checkCombinations(
    _ invocation: Invocation, revisions: Bool, pairs: Bool, grouped: Bool, event: VerifyEvent?,
    skill: SkillReference?
  ) throws {
    if revisions, pairs { throw invocation.usage("--revisions and --pairs cannot be combined") }
    let mode = revisions ? "--revisions" : pairs ? "--pairs" : nil
    guard let mode else { return }
    if event != nil { throw invocation.usage("--threshold cannot be combined with \(mode)") }
    if skill != nil { throw invocation.usage("--skill cannot be combined with \(mode)") }
    if pairs, grouped {
      throw invocation.usage("--by cannot be combined with --pairs (pairs are not grouped)")
    }
    for option in ["lapse-rate", "include-suspect"] where revisions && invocation.flag(option) {
      throw invocation.usage(
        "--\(option) applies to observations; --revisions compares forecasts with forecasts")
    }
    if revisions, invocation.string("obs") != nil {
      throw invocation.usage(
        "--obs cannot be combined with --revisions (revisions compare forecasts with forecasts)")
    }
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
  /// station (SPEC §12), named in the comment with distance and elevation difference. False
  /// when `--obs` is not `station` or no selected city has a default station (then `station`
  /// is an imported source's name, as before links existed).
  static func useLinkedStations(
    _ request: inout VerifyRequest, store: Store, invocation: Invocation
  ) throws -> Bool {
    guard invocation.string("obs") == "station" else { return false }
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
  /// the comment says which whenever any are stored.
  static func applyFlags(_ request: inout VerifyRequest, store: Store, invocation: Invocation)
    throws
  {
    let flagged = try store.read { try store.flaggedObservationCount() }
    guard flagged > 0 else { return }
    let include = invocation.flag("include-suspect")
    request.excludeFlagged = !include
    let note =
      include
      ? "\(flagged) provider-flagged observation values included (--include-suspect)"
      : "provider-flagged observation values left out (\(flagged) stored; --include-suspect keeps them)"
    request.observationNote = request.observationNote.map { $0 + "; " + note } ?? note
  }

  /// `--lapse-rate`: temperatures only, against station observations; the comment says so.
  static func applyLapseRate(_ request: inout VerifyRequest, invocation: Invocation) throws {
    guard invocation.flag("lapse-rate") else { return }
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
    request.lapseRate = true
    let note =
      "station temperatures brought to the city's elevation: + 0.65 K per 100 m the station is above it (0.0065 K/m, standard atmosphere; unlinked stations unchanged)"
    request.observationNote = request.observationNote.map { $0 + "; " + note } ?? note
  }

  /// `--lead-from`: as given, else from the run when any fetch in the selection recorded its
  /// run (the others keep the fetch's lead), else from the fetch. The comment says which, and
  /// how many fetches had no known run.
  static func chooseLeadOrigin(
    _ request: inout VerifyRequest, invocation: Invocation, store: Store
  ) throws {
    let given = try invocation.choice("lead-from", as: LeadOrigin.self)
    guard request.variable.frequency == .hourly else {
      if given == .run {
        invocation.warn(
          "--lead-from run applies to hourly variables; daily leads count from the issue date")
      }
      return
    }
    let coverage = try store.read {
      try store.runCoverage(
        sources: request.sources, models: request.models, cityIDs: request.cityIDs)
    }
    let origin = given ?? (coverage.withRun > 0 ? .run : .fetch)
    request.leadFrom = origin
    request.runsKnown = coverage.withRun > 0
    let unknown = coverage.fetches - coverage.withRun
    switch origin {
    case .run where coverage.withRun == 0:
      request.leadNote = "lead from the fetch (no fetch recorded its model run)"
    case .run:
      request.leadNote =
        "lead from the model run"
        + (unknown > 0
          ? " (\(unknown) of \(coverage.fetches) fetches without a known run: lead from the fetch)"
          : "")
        + Self.stalenessText(coverage.meanAge)
    case .fetch:
      request.leadNote =
        given == nil
        ? nil
        : "lead from the fetch (when the forecast was received)"
          + Self.stalenessText(coverage.meanAge)
    }
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
        requested: invocation.string("obs"), variable: variable, cityIDs: request.cityIDs)
    }
    request.observationSource = chosen.source
    if let note = chosen.note { invocation.info("note: " + note) }
  }
}
