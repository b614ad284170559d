import SQLiteKit

/// One reading of an import file from its first byte to its last, checking and (unless
/// `--dry-run`) writing as it goes. See `Importer` for the rules.
struct ImportPass {
  /// How a reading ended.
  enum Outcome {
    case done(ImportResult)
    /// The file is not UTF-8 after all: read it again as GB18030 (`detail`: where it broke).
    case retryAsGB18030(String)
    /// Conflicting keys were written before the conflict showed (`--skip-invalid`): read
    /// again leaving these keys out.
    case leaveOut(Set<ImportRow.Key>)
  }

  /// Thrown out of the transaction so that it rolls back.
  private struct Restart: Error {
    var outcome: Outcome
  }

  let text: ImportTextStream
  let input: ImportInput
  let path: String
  let options: ImportOptions
  let store: Store
  let now: Int64
  /// Keys whose rows conflict (found by an earlier reading): checked, never written.
  let excluded: Set<ImportRow.Key>

  func run() throws -> Outcome {
    do {
      return try read()
    } catch let restart as Restart {
      return restart.outcome
    }
  }

  private func read() throws -> Outcome {
    let text = self.text
    var reader = CSVReader(pieces: { text.next() })
    var header: CSVRecord?
    do {
      while let record = try reader.next() {
        if !record.isBlank {
          header = record
          break
        }
      }
    } catch {
      try checkStream()
      throw ImportFailure(problems: [ImportProblem(line: error.line, error.message)], isFatal: true)
    }
    try checkStream()
    guard let header else {
      throw ImportFailure(
        problems: [ImportProblem(line: nil, "the file is empty (a header row is required)")],
        isFatal: true)
    }
    let layout: ImportLayout
    do {
      layout = try ImportLayout(
        header: header, kind: options.kind, hasCityOption: options.city != nil)
    } catch {
      try checkStream()
      throw error
    }
    let store = self.store
    let plan = ImportPlan(
      layout: layout, cityOption: options.city, source: options.source,
      resolveCity: { text in
        do {
          return .success(try store.resolveCity(text))
        } catch let error as CityReferenceError {
          return .failure(ImportRowError(Importer.describe(error)))
        } catch {
          return .failure(ImportRowError("cannot look up city '\(text)': \(error)"))
        }
      })
    // A dry run writes only the temporary key table, which needs no write lock on the file.
    let body = { try self.rows(reader: &reader, plan: plan, layout: layout) }
    return .done(try options.dryRun ? store.read(body) : store.write(body))
  }

  /// Throws what stopped the decoding, if anything did.
  private func checkStream() throws {
    switch text.stop {
    case nil: return
    case .retryAsGB18030(let detail): throw Restart(outcome: .retryAsGB18030(detail))
    case .invalid(let message):
      throw ImportFailure(problems: [ImportProblem(line: nil, message)], isFatal: true)
    }
  }

  /// Reads, checks and writes every record after the header.
  private func rows(reader: inout CSVReader, plan: ImportPlan, layout: ImportLayout) throws
    -> ImportResult
  {
    var plan = plan
    let keys = try ImportKeyLog(database: store.database, valueCount: layout.variables.count)
    defer { keys.close() }
    let writer =
      options.dryRun
      ? nil
      : ImportWriter(
        layout: layout, options: options, url: "file://" + path, now: now, store: store)
    var writing = writer != nil
    var problems: [ImportProblem] = []
    var warnings: [ImportProblem] = []
    var emptyRows = 0
    var invalidRows = 0
    var rows = 0
    var conflicts: Set<ImportRow.Key> = []
    var cityRows: [Int64: Int] = [:]
    var cityOrder: [City] = []
    while true {
      let record: CSVRecord?
      do {
        record = try reader.next()
      } catch {
        try checkStream()
        // The rest of the file cannot be split into records reliably: stop, keeping what was
        // found so far.
        throw ImportFailure(
          problems: problems + [ImportProblem(line: error.line, error.message)], isFatal: true)
      }
      guard let record else { break }
      if record.isBlank { continue }
      switch plan.check(record) {
      case .invalid(let errors):
        invalidRows += 1
        problems += errors.map { ImportProblem(line: record.line, $0.message) }
        if !options.skipInvalid { writing = false }
      case .empty:
        emptyRows += 1
      case .row(let row, let city):
        if let earlier = try keys.first(row) {
          if earlier.values == row.values {
            warnings.append(
              ImportProblem(line: row.line, "repeats line \(earlier.line) exactly; ignored"))
          } else {
            if !earlier.conflicted {
              invalidRows += 1
              try keys.markConflicted(row)
            }
            invalidRows += 1
            conflicts.insert(row.key)
            problems.append(
              ImportProblem(
                line: row.line,
                "conflicts with line \(earlier.line): same \(plan.describeKey()) but different values (\(plan.difference(earlier.values, row.values)))"
              ))
            if !options.skipInvalid { writing = false }
          }
          continue
        }
        if !excluded.isEmpty, excluded.contains(row.key) { continue }
        rows += 1
        if let count = cityRows[city.id] {
          cityRows[city.id] = count + 1
        } else {
          cityRows[city.id] = 1
          cityOrder.append(city)
        }
        if writing { try writer?.write(row, city: city) }
      }
    }
    try checkStream()
    if !problems.isEmpty, !options.skipInvalid {
      throw ImportFailure(problems: problems, isFatal: false)
    }
    if !conflicts.isSubset(of: excluded) {
      throw Restart(outcome: .leaveOut(excluded.union(conflicts)))
    }
    let order = cityOrder.map { (city: $0, rows: cityRows[$0.id] ?? 0) }
    let cities =
      try writer?.finish(order: order, bytes: input.byteCount, sha256: input.sha256 ?? "")
      ?? order.map {
        ImportCityResult(city: $0.city, rows: $0.rows, counts: UpsertCounts(), fetchID: nil)
      }
    return ImportResult(
      encoding: text.encoding, fellBackToGB18030: text.fellBackToGB18030, table: layout.table,
      rows: rows, cities: cities, skipped: problems, skippedRows: invalidRows, warnings: warnings,
      emptyRows: emptyRows)
  }
}
