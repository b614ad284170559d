import Analysis
import Export
import SkycastModel
import Store

/// Columns and cells of `verify` output (keys, then n and the scores, in the documented order), shared by every format.
public enum VerifyTable {
  // MARK: - Scores

  /// Key columns in key order, then `n` and the error scores; with an event `threshold op a b
  /// c d`, the contingency scores and `n_bs bs` for precipitation; `mse_skill` with a skill
  /// reference (the scores and their order are ``VerifyScore``'s); MET's VL1L2 means for
  /// `wind_vector_10m`. With `--ci`, each score that takes an interval is followed by
  /// `<score>_lo` and `<score>_hi`.
  public static func columns(_ request: VerifyRequest) -> [Column] {
    let unit = request.variable.unit
    let ci = request.bootstrap != nil
    func score(_ score: VerifyScore) -> [Column] {
      let (name, unit) = (score.column, score.definition.unit == .variable ? unit : nil)
      let column = Column(name, .score, unit: unit)
      // Scores from individual pairs have no bootstrap interval (it resamples sums).
      guard ci, score.definition.takesInterval else { return [column] }
      return [
        column, Column(name + "_lo", .score, unit: unit), Column(name + "_hi", .score, unit: unit),
      ]
    }
    var columns = keyColumns(request.keys)
    columns.append(Column("n", .integer))
    columns += VerifyScore.family(.errors).flatMap(score)
    columns += request.withinBounds.map { Column(withinColumn($0), .score) }
    if request.extraScores.contains(.quantiles) { columns += VerifyScore.quantiles.flatMap(score) }
    if request.extraScores.contains(.spearman) {
      columns += VerifyScore.family(.spearman).flatMap(score)
    }
    if request.event != nil {
      columns += [Column("threshold", .dynamic, unit: unit), Column("op", .text)]
      columns += ["a", "b", "c", "d"].map { Column($0, .integer) }
      columns += VerifyScore.contingency.flatMap(score)
      if request.extraScores.contains(.extremes) { columns += VerifyScore.extremes.flatMap(score) }
      if request.computesBrier {
        columns += [Column("n_bs", .integer)] + VerifyScore.family(.brier).flatMap(score)
      }
    }
    if request.skill != nil { columns += VerifyScore.family(.skill).flatMap(score) }
    if request.vectorWind {
      columns += ["ufbar", "vfbar", "uobar", "vobar"].map { Column($0, .score, unit: unit) }
      let squared = unit.isEmpty ? "" : "(\(unit))²"
      columns += ["uvfobar", "uvffbar", "uvoobar"].map { Column($0, .score, unit: squared) }
    }
    if ci { columns += [Column("block", .integer), Column("note", .text)] }
    return columns
  }

  /// One row's cells, matching ``columns(_:)``. Undefined scores are `.null`.
  public static func cells(_ row: VerifyRow, request: VerifyRequest) -> [Cell] {
    let ci = request.bootstrap != nil
    func score(_ score: VerifyScore) -> [Cell] {
      let value = number(score.value(row))
      guard ci, score.definition.takesInterval else { return [value] }
      let interval = row.intervals[score]
      return [value, number(interval?.lo), number(interval?.hi)]
    }
    var cells = row.keys.map(cell)
    cells.append(.integer(Int64(row.scores.n)))
    cells += VerifyScore.family(.errors).flatMap(score)
    let distribution = row.distribution
    cells += request.withinBounds.indices.map { number(distribution?.within[$0]) }
    if request.extraScores.contains(.quantiles) { cells += VerifyScore.quantiles.flatMap(score) }
    if request.extraScores.contains(.spearman) {
      cells += VerifyScore.family(.spearman).flatMap(score)
    }
    if let event = row.event ?? request.event {
      let table = row.contingency ?? ContingencyTable()
      let threshold: Cell =
        request.climatePercentile.map { .text("p" + VerifyRequest.edgeText($0)) }
        ?? .number(event.threshold)
      cells += [threshold, .text(event.op.rawValue)]
      cells += [table.a, table.b, table.c, table.d].map { .integer(Int64($0)) }
      cells += VerifyScore.contingency.flatMap(score)
      if request.extraScores.contains(.extremes) { cells += VerifyScore.extremes.flatMap(score) }
      if request.computesBrier {
        cells += [.integer(Int64(row.brierPairs))] + VerifyScore.family(.brier).flatMap(score)
      }
    }
    if request.skill != nil { cells += VerifyScore.family(.skill).flatMap(score) }
    if request.vectorWind {
      let means = row.vector
      cells += [
        means?.ufbar, means?.vfbar, means?.uobar, means?.vobar, means?.uvfobar, means?.uvffbar,
        means?.uvoobar,
      ].map(number)
    }
    if ci {
      cells += [
        row.blockDays.map { .integer(Int64($0)) } ?? .null,
        row.intervalNote.map(Cell.text) ?? .null,
      ]
    }
    return cells
  }

  /// The table-mode comment line: variable, observation source, period, lead filter, event
  /// operator, the bootstrap, and dropped forecasts.
  public static func comment(_ report: VerifyReport) -> String {
    let request = report.request
    var parts = [
      "\(request.variableName)\(unitSuffix(request.variable)): forecast vs \(request.observationSource) observations"
    ]
    if let selection = request.forecastSelectionText { parts.append(selection) }
    if let note = request.observationNote { parts.append(note) }
    parts.append(periodText(request, paired: report.pairedDates))
    parts.append(request.includePast ? "past leads included" : "lead ≥ 0")
    if let note = request.leadNote { parts.append(note) }
    if request.isCircular {
      parts.append("errors on the circle, ((f − o + 540) mod 360) − 180; no corr")
    }
    if request.vectorWind {
      parts.append(
        "vector wind from speed and direction: bias = mean speed error, mae = mean |Vf − Vo|, rmse = RMSVE (MET VL1L2); no corr"
      )
    }
    if let percentile = request.climatePercentile, let event = request.event {
      let name = "p" + VerifyRequest.edgeText(percentile)
      var text =
        "event \(event.symbol) \(name) (op \(event.op.rawValue)): each city's \(VerifyRequest.edgeText(percentile))th percentile of its \(request.observationSource) observations in the pair's local calendar month, \(climatePeriodText(request)) (numpy's linear percentile)"
      if let climate = report.climate {
        text += "; thresholds\(unitSuffix(request.variable)): " + climate.text
      }
      parts.append(text)
    } else if let event = request.event {
      let thresholds = request.thresholds.count > 1 ? request.thresholds : [event.threshold]
      let values = thresholds.map(NumberText.shortest).joined(separator: ", ")
      parts.append(
        "event \(event.symbol) \(values)\(unitSuffix(request.variable, bare: true)) (op \(event.op.rawValue))"
          + (thresholds.count > 1 ? ", one row per threshold, each scored as its own run" : ""))
    }
    if request.needsPairs { parts.append(distributionText(request)) }
    if let skill = request.skill {
      parts.append("mse_skill vs \(skill.rawValue)")
    }
    if let bootstrap = request.bootstrap {
      parts.append(bootstrapText(bootstrap))
    }
    if request.groupBy.contains(.obsRange) {
      let edges = request.observationBins.map(VerifyRequest.edgeText).joined(separator: ", ")
      parts.append(
        "obs_range: bins of the observed value with edges \(edges)\(unitSuffix(request.variable, bare: true)); a–b is a ≤ o < b"
      )
    }
    if let same = report.sameCases {
      parts.append(
        "same cases: \(same.cases.count) of \(same.allCases) cases (city, valid time, lead) are forecast by all \(same.groups) source and model groups, so each has the same n in every row; \(same.dropped) case\(same.dropped == 1 ? "" : "s") dropped"
      )
    }
    if request.scoresFromPairs {
      parts.append("scored from the matched pairs (forecasts without an observation not counted)")
    } else {
      let dropped = report.dropped
      let missing = report.withoutObservation
      parts.append(
        "\(dropped) pair\(dropped == 1 ? "" : "s") dropped (\(missing) without an observation row, \(dropped - missing) with a NULL forecast or observation)"
      )
    }
    return parts.joined(separator: "; ")
  }

  /// `95 % percentile intervals: circular block bootstrap of whole valid days, 7-day blocks
  /// (automatic …), 1000 resamples, seed 20260301`: one block length for every row (the
  /// reliability table).
  package static func bootstrapText(_ bootstrap: BootstrapSettings, blockDays: Int) -> String {
    "\(bootstrap.levelText) percentile intervals: circular block bootstrap of whole valid days, \(blockDays)-day blocks (\(blockChoice(bootstrap))), \(bootstrap.resamples) resamples, seed \(bootstrap.seed)"
  }

  /// `95 % percentile intervals: circular block bootstrap of whole valid days, blocks per group
  /// (column block: automatic …), 1000 resamples, seed 20260301; …`.
  package static func bootstrapText(_ bootstrap: BootstrapSettings) -> String {
    "\(bootstrap.levelText) percentile intervals: circular block bootstrap of whole valid days, blocks per group (column block: \(blockChoice(bootstrap))), \(bootstrap.resamples) resamples, seed \(bootstrap.seed); a group with fewer than \(SeriesSufficiency.minimumDays) days or \(SeriesSufficiency.minimumBlocks) blocks gets none, and note says why"
  }

  /// How the block length was chosen.
  static func blockChoice(_ bootstrap: BootstrapSettings) -> String {
    bootstrap.blockDays == nil
      ? "automatic: Wilks 1997, at least the cube root of the days" : "--block-days"
  }

  // MARK: - Revisions

  /// Key columns, then `valid_times revisions mean_abs_revision flip_flop_valid_times
  /// flip_flop`.
  public static func revisionColumns(_ request: VerifyRequest) -> [Column] {
    let unit = request.variable.unit
    return keyColumns(request.keys) + [
      Column("valid_times", .integer), Column("revisions", .integer),
      Column("mean_abs_revision", .score, unit: unit), Column("flip_flop_valid_times", .integer),
      Column("flip_flop", .score, unit: unit),
    ]
  }

  public static func revisionCells(_ row: RevisionRow) -> [Cell] {
    row.keys.map(cell) + [
      .integer(Int64(row.validTimes)), .integer(Int64(row.revisions)),
      number(row.meanAbsoluteRevision), .integer(Int64(row.flipFlopValidTimes)),
      number(row.flipFlop),
    ]
  }

  public static func revisionComment(_ report: RevisionReport) -> String {
    let request = report.request
    let split =
      request.keys.contains(where: \.isForecastLevel)
      ? "each revision counted at the lead of the newer forecast"
      : "whole issue sequence per valid time"
    return [
      "\(request.variableName)\(unitSuffix(request.variable)): run-to-run revisions of forecasts for the same valid time",
      periodText(request, paired: nil),
      request.includePast ? "past leads included" : "lead ≥ 0",
      split,
      "means over valid times",
    ].joined(separator: "; ")
  }

  // MARK: - Pairs

  /// `city source model issued_at valid_at lead_hours forecast observed variable unit
  /// obs_source` (daily: `date` and `lead_days`): the last three say what the numbers are, so
  /// a pairs file read on its own (by verif, a spreadsheet, a colleague) names its variable,
  /// unit and observation source.
  public static func pairColumns(_ request: VerifyRequest) -> [Column] {
    let variable = request.variable
    let isDaily = variable.frequency == .daily
    return [
      Column("city", .text), Column("source", .text), Column("model", .text),
      Column("issued_at", .instant),
      isDaily ? Column("date", .date) : Column("valid_at", .instant),
      Column(isDaily ? "lead_days" : "lead_hours", .integer),
      Column("forecast", .measure(decimals: variable.decimals), unit: variable.unit),
      Column("observed", .measure(decimals: variable.decimals), unit: variable.unit),
      Column("variable", .text), Column("unit", .text), Column("obs_source", .text),
    ]
  }

  /// A pair's cells; times as instants at the city's offset in force at each instant.
  public static func pairCells(
    _ pair: VerifyPair, city: String, zone: CityTimeZone, request: VerifyRequest
  ) -> [Cell] {
    let valid: Cell =
      if let validAt = pair.validAt {
        .instant(epoch: validAt, offset: zone.offset(at: validAt))
      } else {
        pair.date.map(Cell.text) ?? .null
      }
    return [
      .text(city), .text(pair.source), .text(pair.model),
      .instant(epoch: pair.issuedAt, offset: zone.offset(at: pair.issuedAt)), valid,
      .integer(pair.lead), .number(pair.forecast), .number(pair.observed),
      .text(request.variableName), .text(request.variable.unit), .text(request.observationSource),
    ]
  }

  // MARK: - Pieces

  /// `within_2` for `--within 2`: the share of pairs with |F − O| ≤ 2.
  public static func withinColumn(_ bound: Double) -> String {
    "within_" + VerifyRequest.edgeText(bound)
  }

  /// What the pair-based scores are, for the comment.
  static func distributionText(_ request: VerifyRequest) -> String {
    var parts: [String] = []
    if !request.withinBounds.isEmpty {
      parts.append("within_X = share of pairs with |F − O| ≤ X")
    }
    if request.extraScores.contains(.quantiles) {
      parts.append(
        "p10…p90 = percentiles of F − O (linear interpolation, numpy's default), mad = median |e − median e| (unscaled)"
      )
    }
    if request.extraScores.contains(.spearman) {
      parts.append("spearman = rank correlation (tied values share their mean rank)")
    }
    return parts.joined(separator: "; ") + " (from the pairs, no bootstrap interval)"
  }

  package static func keyColumns(_ keys: [VerifyKey]) -> [Column] {
    keys.map { key in
      switch key {
      case .lead, .leadDay, .validHour: Column(key.column, .integer, isKey: true)
      case .city, .model, .source, .season, .obsRange: Column(key.column, .text, isKey: true)
      case .month: Column(key.column, .date, isKey: true)
      }
    }
  }

  package static func cell(_ value: VerifyKeyValue) -> Cell {
    switch value {
    case .integer(let integer): .integer(integer)
    case .text(let text): .text(text)
    }
  }

  package static func number(_ value: Double?) -> Cell {
    guard let value, value.isFinite else { return .null }
    return .number(value)
  }

  /// Which observations a `pNN` threshold is a percentile of, in the comment's words.
  static func climatePeriodText(_ request: VerifyRequest) -> String {
    if let period = request.climatePeriod {
      return "over \(period.lowerBound) to \(period.upperBound) (--climate-from/--climate-to)"
    }
    return request.period == nil ? "over all stored dates" : "over the period"
  }

  package static func unitSuffix(_ variable: WeatherVariable, bare: Bool = false) -> String {
    let unit = variable.unit
    guard !unit.isEmpty else { return "" }
    return bare ? " \(unit)" : " (\(unit))"
  }

  package static func periodText(_ request: VerifyRequest, paired: (first: String, last: String)?)
    -> String
  {
    if let period = request.period {
      return "valid \(period.lowerBound)…\(period.upperBound) (local dates)"
    }
    if let paired {
      return "valid \(paired.first)…\(paired.last) (local dates, all stored)"
    }
    return "all stored dates"
  }
}
