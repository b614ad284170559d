import SkycastModel
import Store

/// Runs `verify` against a store: chooses the observation source, computes grouped scores in
/// one pass over the pairs (a merge join in Swift, or one SQLite query; ``ScoresPath``),
/// streams pairs, and computes revisions.
///
/// Scores are finished in Swift from per-group sums; pairs are never held in memory, so
/// memory grows with groups (and days for `--ci`) and observations, not with forecasts.
public struct Verifier {
  public let store: Store

  public init(store: Store) {
    self.store = store
  }

  // MARK: - Scores

  /// Grouped scores, one row per group sorted by key values (cities by name); with
  /// ``VerifyRequest/bootstrap``, each score also gets its percentile interval.
  ///
  /// Groups whose forecasts found no observation row at all are not listed; their forecasts
  /// still count in ``VerifyReport/dropped``.
  ///
  /// With several ``VerifyRequest/thresholds`` the request is scored once per threshold and the
  /// rows listed together, sorted by key values and then threshold, so each row is the row of
  /// its single-threshold run. Pair-based scores (``VerifyRequest/needsPairs``) come from a
  /// second pass, ``distributions(_:)``.
  public func scores(_ request: VerifyRequest) throws -> VerifyReport {
    var report: VerifyReport
    var pairResult: PairPassResult?
    func sums(_ request: VerifyRequest) throws -> VerifyGroupedSums {
      guard request.scoresFromPairs else { return try self.sums(request) }
      let result = try pairPass(request, sums: true)
      pairResult = result
      return result.sums
    }
    if request.thresholds.count > 1, let first = request.event {
      var rows: [VerifyRow] = []
      var unlistedDropped = 0
      for threshold in request.thresholds {
        var single = request
        single.event = VerifyEvent(threshold: threshold, op: first.op)
        single.thresholds = []
        let part = try sums(single).report()
        for var row in part.rows {
          row.event = single.event
          rows.append(row)
        }
        // Dropped forecasts do not depend on the threshold: count them once.
        if threshold == request.thresholds[0] { unlistedDropped = part.unlistedDropped }
      }
      rows.sort {
        $0.keys != $1.keys
          ? $0.keys.lexicographicallyPrecedes($1.keys)
          : ($0.event?.threshold ?? 0) < ($1.event?.threshold ?? 0)
      }
      var event = first
      event.threshold = request.thresholds[0]
      var combined = request
      combined.event = event
      report = VerifyReport(request: combined, rows: rows)
      report.unlistedDropped = unlistedDropped
    } else {
      report = try sums(request).report()
    }
    if request.needsPairs {
      let distributions =
        try pairResult?.distributions ?? pairPass(request, sums: false).distributions
      for index in report.rows.indices {
        report.rows[index].distribution = distributions[report.rows[index].keys]
      }
    }
    report.sameCases = pairResult?.sameCases
    report.climate = pairResult?.climate
    // Observation bins are numbered while grouping (so they sort), then named.
    if let column = request.keys.firstIndex(of: .obsRange) {
      for index in report.rows.indices {
        if case .integer(let bin) = report.rows[index].keys[column] {
          report.rows[index].keys[column] = .text(request.observationBinLabel(Int(bin)))
        }
      }
    }
    return report
  }

  /// The per-group (with `--ci`, per-group and per-day) sums of ``scores(_:)``, from one pass
  /// over the pairs, by `path` (by default the one that wins for the request,
  /// ``path(for:)``); ``VerifyGroupedSums/report()`` finishes the scores and resamples.
  public func sums(_ request: VerifyRequest, path: ScoresPath? = nil) throws -> VerifyGroupedSums {
    if request.scoresFromPairs { return try pairPass(request, sums: true).sums }
    return switch path ?? Self.path(for: request) {
    case .mergeJoin: try mergeJoinSums(request)
    case .sql: try sqlSums(request)
    }
  }

  /// The sums from ``VerifySQL/scores(_:)``.
  package func sqlSums(_ request: VerifyRequest) throws -> VerifyGroupedSums {
    let labels = try cityLabels()
    let keys = request.keys
    let fields = VerifySums.fields(request)
    var order: [[VerifyKeyValue]] = []
    var groups: [[VerifyKeyValue]: GroupSums] = [:]
    try store.withRows(of: VerifySQL.scores(request)) { rows in
      var columns: [String: Int32] = [:]
      for (index, name) in rows.columnNames.enumerated() { columns[name] = Int32(index) }
      let readers = VerifySums.Field.allCases.compactMap { field in
        columns[field.column].map { (field, $0) }
      }
      while try rows.next() {
        let values = Self.groupKeyValues(rows, keys: keys, labels: labels)
        var sums = VerifySums()
        for (field, column) in readers { sums[field] = rows.double(column) ?? 0 }
        if groups[values] == nil {
          order.append(values)
          groups[values] = GroupSums()
        }
        if request.groupsByDay {
          let date = columns["valid_date"].flatMap { rows.text($0) }
          groups[values]?.addDay(sums, date: date, fields: fields)
        } else {
          groups[values]?.total = sums
          if request.measuresPeriod {
            groups[values]?.firstDate = columns["first_date"].flatMap { rows.text($0) }
            groups[values]?.lastDate = columns["last_date"].flatMap { rows.text($0) }
          }
        }
      }
    }

    return VerifyGroupedSums(request: request, order: order, groups: groups)
  }

  // MARK: - Observation source

  /// The `--obs` source and why it was chosen: the one asked for; else, among sources holding
  /// the variable, the one with most values inside the span of the stored forecasts (so a
  /// reanalysis of two days does not win over a station series covering the forecasts; ties go
  /// to `era5`, then by name); else the rule of `Store.resolveObservationSource` (`era5`, or
  /// the only source), which also names what is stored when nothing overlaps.
  ///
  /// - Returns: the source, and a note when it was chosen by overlap among several.
  /// - Throws: `InvalidInput` (usage) for an unknown or ambiguous source;
  ///   ``VerifyError/noObservations`` when nothing is stored to compare with.
  public func chooseObservationSourceWithReason(
    requested: String?, variable: WeatherVariable, cityIDs: [Int64] = []
  ) throws -> (source: String, note: String?) {
    // The overlap reads every forecast's valid time: only worth it when there is a choice.
    if requested == nil,
      try store.observationSources(cityIDs: cityIDs, holding: variable).count > 1
    {
      let overlap = try store.observationOverlap(variable: variable, cityIDs: cityIDs)
      let ranked = overlap.filter { $0.value > 0 }.sorted {
        ($0.value, $0.key == Store.defaultObservationSource ? 1 : 0, $1.key)
          > ($1.value, $1.key == Store.defaultObservationSource ? 1 : 0, $0.key)
      }
      // A tie between sources other than era5 stays a choice for the user (the rule below
      // then says which sources there are).
      let tied = ranked.count > 1 && ranked[1].value == ranked[0].value
      if overlap.count > 1, let best = ranked.first,
        !tied || best.key == Store.defaultObservationSource
      {
        let unit = variable.frequency == .daily ? "days" : "hours"
        let others = overlap.keys.sorted().filter { $0 != best.key }.map {
          "\($0) \(overlap[$0] ?? 0)"
        }
        return (
          best.key,
          "observations from '\(best.key)', the source with most \(unit) inside the forecasts' span (\(best.value); \(others.joined(separator: ", "))); --obs chooses another"
        )
      }
    }
    return (
      try chooseObservationSource(requested: requested, variable: variable, cityIDs: cityIDs), nil
    )
  }

  /// The `--obs` source by `Store.resolveObservationSource`'s rule alone: the one asked for,
  /// else `era5` when it holds the variable, else the only source that does.
  ///
  /// - Throws: `InvalidInput` (usage) for an unknown or ambiguous source;
  ///   ``VerifyError/noObservations`` when nothing is stored to compare with.
  public func chooseObservationSource(
    requested: String?, variable: WeatherVariable, cityIDs: [Int64] = []
  ) throws -> String {
    do {
      return try store.resolveObservationSource(requested, cityIDs: cityIDs, holding: variable)
    } catch ObservationSourceError.none {
      throw VerifyError.noObservations(variable)
    } catch let error as ObservationSourceError {
      throw InvalidInput(error.message(choosingWith: "--obs "))
    }
  }

  // MARK: - Shared

  /// The group key values of the current row, in the leading columns of a grouped statement:
  /// cities by their label (the id when none), text keys as text, the rest as integers.
  package static func groupKeyValues(
    _ statement: borrowing RowCursor, keys: [VerifyKey], labels: [Int64: String]
  ) -> [VerifyKeyValue] {
    var values: [VerifyKeyValue] = []
    values.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
      let column = Int32(index)
      if key == .city {
        let id = statement.int64(column) ?? 0
        values.append(.text(labels[id] ?? String(id)))
      } else if key.isText {
        values.append(.text(statement.text(column) ?? ""))
      } else {
        values.append(.integer(statement.int64(column) ?? 0))
      }
    }
    return values
  }

  /// City labels for output (`City.labels` over every saved city).
  public func cityLabels() throws -> [Int64: String] {
    City.labels(try store.cities())
  }
}
