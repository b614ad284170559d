import SkycastModel
import Store

/// One reading of an import file from its first byte to its last, checking and (unless
/// `--dry-run`) writing as it goes. See `Importer` for the rules.
package struct ImportPass {
  /// The problems and warnings of a whole reading, and the rows left out.
  package struct Report {
    package var problems: [ImportProblem] = []
    package var warnings: [ImportProblem] = []
    package var invalidRows = 0
  }

  /// How a reading ended.
  package enum Outcome {
    case done(ImportResult)
    /// The file is not UTF-8 after all: read it again as GB18030 (`detail`: where it broke).
    case retryAsGB18030(String)
    /// Conflicting keys were written before the conflict showed (`--skip-invalid`): read
    /// again leaving these keys out, reporting what this reading found.
    case leaveOut(Set<ImportRow.Key>, Report)
  }

  /// Thrown out of the transaction so that it rolls back.
  private struct Restart: Error {
    package var outcome: Outcome
  }

  /// A repeated key whose first line only a second reading can tell.
  private struct Pending {
    package var line: Int
    package var row: ImportRow
    package var earlierValues: [Double?]
  }

  package let text: ImportTextStream
  package let input: ImportInput
  package let path: String
  package let options: ImportOptions
  package let store: Store
  package let now: Int64
  /// Keys whose rows conflict (found by an earlier reading): never written.
  package let excluded: Set<ImportRow.Key>
  /// What the earlier reading reported (with `excluded`).
  package let earlierReport: Report?
  /// Opens the file again for a second reading, in the same encoding.
  package let reopen: () throws -> ImportTextStream

  package func run() throws -> Outcome {
    do {
      return try read()
    } catch let restart as Restart {
      return restart.outcome
    }
  }

  private func read() throws -> Outcome {
    let text = self.text
    let reader = CSVByteReader(bufferSize: options.readBufferSize, pieces: { text.next() })
    var header: CSVRecord?
    do {
      while let record = try reader.next() {
        if !record.isBlank {
          header = record.csvRecord
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
    // A dry run writes too, to find repeated keys the same way, and is rolled back.
    let result = try store.write {
      let result = try rows(reader: reader, plan: makePlan(layout), layout: layout)
      if options.dryRun { throw Restart(outcome: .done(result)) }
      return result
    }
    return .done(result)
  }

  private func makePlan(_ layout: ImportLayout) -> ImportPlan {
    ImportPlan(
      layout: layout, cityOption: options.city, source: options.source,
      resolveCity: resolveCity)
  }

  /// The byte-level check of the usual records (the rest go to `makePlan`'s).
  private func makeByteCheck(_ layout: ImportLayout) -> ImportByteCheck {
    ImportByteCheck(
      layout: layout, cityOption: options.city, source: options.source,
      resolveCity: resolveCity)
  }

  private var resolveCity: (String) -> Result<City, ImportRowError> {
    let store = self.store
    return { text in
      do {
        return .success(try store.resolveCity(text))
      } catch let error as CityReferenceError {
        return .failure(ImportRowError(Importer.describe(error)))
      } catch {
        return .failure(ImportRowError("cannot look up city '\(text)': \(error)"))
      }
    }
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
  private func rows(reader: CSVByteReader, plan: ImportPlan, layout: ImportLayout) throws
    -> ImportResult
  {
    var plan = plan
    var byteCheck = makeByteCheck(layout)
    let writer = ImportWriter(
      layout: layout, options: options, url: "file://" + path, now: now, store: store)
    defer { writer.close() }
    var report = Report()
    var pending: [Pending] = []
    var emptyRows = 0
    var rows = 0
    var conflicts: Set<ImportRow.Key> = []
    var cityRows = CityTable<Int>()
    var cityOrder: [City] = []
    func repeated(_ row: ImportRow, earlierLine: Int, earlierValues: [Double?]) {
      if earlierValues == row.values {
        report.warnings.append(
          ImportProblem(line: row.line, "repeats line \(earlierLine) exactly; ignored"))
        return
      }
      // Both rows are left out; the first only once, however many conflict with it.
      report.invalidRows += conflicts.insert(row.key).inserted ? 2 : 1
      report.problems.append(
        ImportProblem(
          line: row.line,
          "conflicts with line \(earlierLine): same \(plan.describeKey()) but different values (\(plan.difference(earlierValues, row.values)))"
        ))
    }
    // Repeats whose first line only a second reading tells, reported in line order among the
    // rest.
    func settle() throws {
      guard !pending.isEmpty else { return }
      let lines = try firstLines(of: Set(pending.map(\.row.key)), layout: layout)
      let before = report
      report.problems = []
      report.warnings = []
      for item in pending {
        repeated(item.row, earlierLine: lines[item.row.key] ?? 0, earlierValues: item.earlierValues)
      }
      report.problems = Self.merged(before.problems, report.problems)
      report.warnings = Self.merged(before.warnings, report.warnings)
      pending = []
    }
    while true {
      let record: CSVByteReader.Record?
      do {
        record = try reader.next()
      } catch {
        try checkStream()
        // The rest of the file cannot be split into records reliably: stop, keeping what was
        // found so far.
        try settle()
        throw ImportFailure(
          problems: report.problems + [ImportProblem(line: error.line, error.message)],
          isFatal: true)
      }
      guard let record else { break }
      if record.isBlank { continue }
      switch (options.byteLevelChecks ? byteCheck.check(record) : nil)
        ?? plan.check(record.csvRecord)
      {
      case .invalid(let errors):
        report.invalidRows += 1
        report.problems += errors.map { ImportProblem(line: record.line, $0.message) }
      case .empty:
        emptyRows += 1
      case .row(let row, let city):
        if !excluded.isEmpty, excluded.contains(row.key) { continue }
        switch try writer.offer(row, city: city) {
        case .repeats(let line?, let values):
          repeated(row, earlierLine: line, earlierValues: values)
        case .repeats(nil, let values):
          pending.append(Pending(line: row.line, row: row, earlierValues: values))
        case .written:
          rows += 1
          if let count = cityRows[id: city.id] {
            cityRows[id: city.id] = count + 1
          } else {
            cityRows[id: city.id] = 1
            cityOrder.append(city)
          }
        }
      }
    }
    try checkStream()
    try settle()
    if let earlierReport { report = earlierReport }
    if !report.problems.isEmpty, !options.skipInvalid {
      throw ImportFailure(problems: report.problems, isFatal: false)
    }
    if !conflicts.isSubset(of: excluded) {
      throw Restart(outcome: .leaveOut(excluded.union(conflicts), report))
    }
    let order = cityOrder.map { (city: $0, rows: cityRows[id: $0.id] ?? 0) }
    let cities =
      options.dryRun
      ? order.map {
        ImportCityResult(city: $0.city, rows: $0.rows, counts: UpsertCounts(), fetchID: nil)
      }
      : try writer.finish(order: order, bytes: input.byteCount, sha256: input.sha256 ?? "")
    return ImportResult(
      encoding: text.encoding, fellBackToGB18030: text.fellBackToGB18030, table: layout.table,
      rows: rows, cities: cities, skipped: report.problems, skippedRows: report.invalidRows,
      warnings: report.warnings, emptyRows: emptyRows)
  }

  /// The first line of each of `keys` in the file, by reading it again.
  private func firstLines(of keys: Set<ImportRow.Key>, layout: ImportLayout) throws
    -> [ImportRow.Key: Int]
  {
    var wanted = keys
    var lines: [ImportRow.Key: Int] = [:]
    let text = try reopen()
    let reader = CSVByteReader(bufferSize: options.readBufferSize, pieces: { text.next() })
    var plan = makePlan(layout)
    var byteCheck = makeByteCheck(layout)
    var sawHeader = false
    while !wanted.isEmpty, let record = try? reader.next() {
      if record.isBlank { continue }
      guard sawHeader else {
        sawHeader = true
        continue
      }
      if case .row(let row, _) = (options.byteLevelChecks ? byteCheck.check(record) : nil)
        ?? plan.check(record.csvRecord),
        wanted.remove(row.key) != nil
      {
        lines[row.key] = row.line
      }
    }
    return lines
  }

  /// Two lists of problems, each in line order, as one in line order (`first` first on a tie).
  private static func merged(_ first: [ImportProblem], _ second: [ImportProblem])
    -> [ImportProblem]
  {
    guard !second.isEmpty else { return first }
    var result: [ImportProblem] = []
    result.reserveCapacity(first.count + second.count)
    var (i, j) = (0, 0)
    while i < first.count || j < second.count {
      if j == second.count
        || (i < first.count && (first[i].line ?? 0) <= (second[j].line ?? 0))
      {
        result.append(first[i])
        i += 1
      } else {
        result.append(second[j])
        j += 1
      }
    }
    return result
  }
}
