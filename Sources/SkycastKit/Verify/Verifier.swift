import SQLiteKit

/// Runs `verify` against a store: chooses the observation source, computes grouped scores in
/// one SQLite query, streams pairs, and computes revisions.
///
/// Scores are finished in Swift from per-group sums SQLite returns; pairs never pass through
/// Swift arrays, so memory stays flat however long the history is.
public struct Verifier {
  public let store: Store

  public init(store: Store) {
    self.store = store
  }

  // MARK: - Scores

  /// Grouped scores, one row per group sorted by key values (cities by name).
  public func scores(_ request: VerifyRequest) throws -> VerifyReport {
    let statement = VerifySQL.scores(request)
    let prepared = try store.database.prepare(statement.sql)
    try bind(statement, to: prepared)
    let labels = try cityLabels()
    let keys = request.keys
    var columns: [String: Int32] = [:]
    for (index, name) in prepared.columnNames.enumerated() { columns[name] = Int32(index) }
    func integer(_ name: String) -> Int {
      columns[name].flatMap { prepared.int64($0) }.map(Int.init) ?? 0
    }
    func real(_ name: String) -> Double { columns[name].flatMap { prepared.double($0) } ?? 0 }
    var rows: [VerifyRow] = []
    while try prepared.step() {
      var values: [VerifyKeyValue] = []
      for (index, key) in keys.enumerated() {
        let column = Int32(index)
        if key == .city {
          let id = prepared.int64(column) ?? 0
          values.append(.text(labels[id] ?? String(id)))
        } else if key.isText {
          values.append(.text(prepared.text(column) ?? ""))
        } else {
          values.append(.integer(prepared.int64(column) ?? 0))
        }
      }
      var sums = VerifySums()
      sums.matched = integer("matched")
      sums.n = integer("n")
      sums.sumError = real("sum_e")
      sums.sumAbsError = real("sum_abs_e")
      sums.sumSquaredError = real("sum_e2")
      sums.sumF = real("sum_f")
      sums.sumO = real("sum_o")
      sums.sumFF = real("sum_ff")
      sums.sumOO = real("sum_oo")
      sums.sumFO = real("sum_fo")
      if request.event != nil {
        sums.table = ContingencyTable(
          a: integer("a"), b: integer("b"), c: integer("c"), d: integer("d"))
      }
      if request.computesBrier {
        sums.brierPairs = integer("bs_n")
        sums.brierSum = real("bs_sum")
        sums.brierRejected = integer("bs_rejected")
      }
      if request.skill != nil {
        sums.referencePairs = integer("ref_n")
        sums.referenceSumError2 = real("ref_sum_e2")
        sums.referenceSumReference2 = real("ref_sum_r2")
      }
      if request.measuresPeriod {
        sums.firstDate = columns["first_date"].flatMap { prepared.text($0) }
        sums.lastDate = columns["last_date"].flatMap { prepared.text($0) }
      }
      rows.append(sums.row(keys: values))
    }
    rows.sort { $0.keys.lexicographicallyPrecedes($1.keys) }
    return VerifyReport(request: request, rows: rows)
  }

  // MARK: - Observation source

  /// The `--obs` source: the one asked for, else `era5` when it holds the variable, else the
  /// only source that does (SPEC §11; `Store.resolveObservationSource` holds the rule).
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

  /// City labels for output (`City.labels` over every saved city).
  public func cityLabels() throws -> [Int64: String] {
    City.labels(try store.cities())
  }

  func bind(_ statement: VerifyStatement, to prepared: Statement) throws {
    try prepared.bind(named: Dictionary(uniqueKeysWithValues: statement.parameters))
  }
}

/// `verify` cannot run for a reason in the data, not in the command line (exit 1).
public enum VerifyError: Error, CustomStringConvertible, Equatable {
  /// No observation source stores the variable.
  case noObservations(WeatherVariable)

  public var description: String {
    switch self {
    case .noObservations(let variable):
      let hint =
        variable.roles.contains(.archive)
        ? "fetch them with 'skycast observe --from DATE --to DATE' or load them with 'skycast import observations FILE'"
        : "ERA5 does not provide it; load station data with 'skycast import observations FILE'"
      return "no observations of \(variable.column) are stored; \(hint)"
    }
  }
}
