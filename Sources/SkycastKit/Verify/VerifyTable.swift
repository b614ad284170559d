/// Columns and cells of `verify` output (SPEC §11 order), shared by every format.
public enum VerifyTable {
  // MARK: - Scores

  /// Key columns in key order, then `n bias mae rmse corr`; with an event `threshold op a b c
  /// d pod far pofd csi ets fbias hss pc` and `bs` for precipitation; `mse_skill` with a skill
  /// reference.
  public static func columns(_ request: VerifyRequest) -> [Column] {
    let unit = request.variable.unit
    var columns = keyColumns(request.keys)
    columns += [
      Column("n", .integer), Column("bias", .score, unit: unit), Column("mae", .score, unit: unit),
      Column("rmse", .score, unit: unit), Column("corr", .score),
    ]
    if request.event != nil {
      columns += [Column("threshold", .dynamic, unit: unit), Column("op", .text)]
      columns += ["a", "b", "c", "d"].map { Column($0, .integer) }
      columns += ["pod", "far", "pofd", "csi", "ets", "fbias", "hss", "pc"].map {
        Column($0, .score)
      }
      if request.computesBrier { columns.append(Column("bs", .score)) }
    }
    if request.skill != nil { columns.append(Column("mse_skill", .score)) }
    return columns
  }

  /// One row's cells, matching ``columns(_:)``. Undefined scores are `.null`.
  public static func cells(_ row: VerifyRow, request: VerifyRequest) -> [Cell] {
    var cells = row.keys.map(cell)
    let scores = row.scores
    cells += [
      .integer(Int64(scores.n)), number(scores.bias), number(scores.mae), number(scores.rmse),
      number(scores.corr),
    ]
    if let event = request.event {
      let table = row.contingency ?? ContingencyTable()
      cells += [.number(event.threshold), .text(event.op.rawValue)]
      cells += [table.a, table.b, table.c, table.d].map { .integer(Int64($0)) }
      cells += [
        table.pod, table.far, table.pofd, table.csi, table.ets, table.fbias, table.hss, table.pc,
      ].map(number)
      if request.computesBrier { cells.append(number(row.brier)) }
    }
    if request.skill != nil { cells.append(number(row.mseSkill)) }
    return cells
  }

  /// The table-mode comment line: variable, observation source, period, lead filter, event
  /// operator and dropped pairs.
  public static func comment(_ report: VerifyReport) -> String {
    let request = report.request
    var parts = [
      "\(request.variable.column)\(unitSuffix(request.variable)): forecast vs \(request.observationSource) observations"
    ]
    parts.append(periodText(request, paired: report.pairedDates))
    parts.append(request.includePast ? "past leads included" : "lead ≥ 0")
    if let event = request.event {
      parts.append(
        "event \(event.symbol) \(NumberText.shortest(event.threshold))\(unitSuffix(request.variable, bare: true)) (op \(event.op.rawValue))"
      )
    }
    if let skill = request.skill {
      parts.append("mse_skill vs \(skill.rawValue)")
    }
    parts.append(
      "\(report.dropped) pair\(report.dropped == 1 ? "" : "s") dropped (NULL forecast or observation)"
    )
    return parts.joined(separator: "; ")
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
      "\(request.variable.column)\(unitSuffix(request.variable)): run-to-run revisions of forecasts for the same valid time",
      periodText(request, paired: nil),
      request.includePast ? "past leads included" : "lead ≥ 0",
      split,
      "means over valid times",
    ].joined(separator: "; ")
  }

  // MARK: - Pairs

  /// `city source model issued_at valid_at lead_hours forecast observed` (daily: `date` and
  /// `lead_days`).
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
    ]
  }

  /// A pair's cells; times as instants at the city's offset in force at each instant.
  public static func pairCells(_ pair: VerifyPair, city: String, zone: CityTimeZone) -> [Cell] {
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
    ]
  }

  // MARK: - Pieces

  static func keyColumns(_ keys: [VerifyKey]) -> [Column] {
    keys.map { key in
      switch key {
      case .lead, .leadDay, .validHour: Column(key.column, .integer)
      case .city, .model, .source: Column(key.column, .text)
      case .month: Column(key.column, .date)
      }
    }
  }

  static func cell(_ value: VerifyKeyValue) -> Cell {
    switch value {
    case .integer(let integer): .integer(integer)
    case .text(let text): .text(text)
    }
  }

  static func number(_ value: Double?) -> Cell {
    guard let value, value.isFinite else { return .null }
    return .number(value)
  }

  static func unitSuffix(_ variable: WeatherVariable, bare: Bool = false) -> String {
    let unit = variable.unit
    guard !unit.isEmpty else { return "" }
    return bare ? " \(unit)" : " (\(unit))"
  }

  static func periodText(_ request: VerifyRequest, paired: (first: String, last: String)?) -> String
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
