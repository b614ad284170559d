import Foundation

/// How to run one import.
public struct ImportOptions: Sendable {
  public var kind: ImportKind
  /// The bare source NAME on the rows (`fetches.source` is `import:NAME`).
  public var source: String
  /// `--city`: the city of rows without a city cell.
  public var city: City?
  /// `--encoding`; nil detects (BOM, UTF-8, GB18030 fallback).
  public var encoding: ImportEncoding?
  /// `--skip-invalid`: store the valid rows and report the others.
  public var skipInvalid = false
  /// `--dry-run`: check the whole file, store nothing.
  public var dryRun = false

  public init(kind: ImportKind, source: String, city: City? = nil, encoding: ImportEncoding? = nil)
  {
    self.kind = kind
    self.source = source
    self.city = city
    self.encoding = encoding
  }
}

/// What one city's rows did.
public struct ImportCityResult: Sendable, Equatable {
  public var city: City
  /// Valid rows of the city in the file.
  public var rows: Int
  public var counts: UpsertCounts
  /// The `import:NAME` fetch-log row, nil when nothing changed (or `--dry-run`).
  public var fetchID: Int64?
}

/// The outcome of an import that stored (or, with `--dry-run`, would store) its valid rows.
public struct ImportResult: Sendable {
  /// The encoding the file was read in, and whether that was a GB18030 guess.
  public var encoding: ImportEncoding
  public var fellBackToGB18030: Bool
  /// The target table.
  public var table: String
  /// Valid rows, after dropping identical duplicates and rows without values.
  public var rows: Int
  public var cities: [ImportCityResult]
  /// Problems of the rows `--skip-invalid` left out.
  public var skipped: [ImportProblem]
  /// How many rows `--skip-invalid` left out.
  public var skippedRows: Int
  /// Identical duplicate rows that were dropped.
  public var warnings: [ImportProblem]
  /// Valid rows without any value (nothing to store).
  public var emptyRows: Int

  /// Totals over all cities.
  public var counts: UpsertCounts { cities.reduce(UpsertCounts()) { $0 + $1.counts } }
}

/// Loads observations or forecasts from a CSV file all or nothing.
///
/// The file is decoded (`TextDecoding`), read as CSV (`CSVReader`), its header checked
/// (`ImportLayout`) and every row checked (`ImportPlan`) before anything is written; then all
/// rows go in one transaction with one `import:NAME` fetch-log row per city (url `file://…`,
/// byte count and SHA-256 of the file). Rows are upserted (`RowUpsert`): observations on (city,
/// source, time or date), forecasts on (city, source, model, issued_at, time or date); a NULL
/// never overwrites a value. A city whose rows change nothing gets no fetch row, so importing the
/// same file twice changes nothing at all.
public enum Importer {
  /// Sources the tool's own commands write; an import cannot use them.
  public static let reservedSources: Set<String> = ["forecast", "previous-runs", "era5", "archive"]

  /// Checks a source NAME: letters, digits, `-` and `_`, at most 64 characters, not reserved.
  ///
  /// - Throws: `InvalidInput` (a usage error) naming the rule broken.
  public static func checkSourceName(_ name: String) throws {
    guard !name.isEmpty, name.count <= 64, isValidName(name, allowDots: false) else {
      throw InvalidInput(
        "The value '\(name)' is invalid for '--source': use letters, digits, '-' and '_' (at most 64)"
      )
    }
    guard !reservedSources.contains(name.lowercased()) else {
      throw InvalidInput(
        "The value '\(name)' is invalid for '--source': '\(name)' is reserved for Skycast's own data (forecast, previous-runs, era5, archive); choose another name"
      )
    }
  }

  /// Letters, ASCII digits, `-`, `_` (and `.` when `allowDots`, for model names).
  static func isValidName(_ name: String, allowDots: Bool) -> Bool {
    !name.isEmpty && name.count <= 64
      && name.allSatisfy {
        $0.isLetter || ($0.isASCII && $0.isNumber) || $0 == "-" || $0 == "_"
          || (allowDots && $0 == ".")
      }
  }

  /// Imports `bytes` (the file's content, read from `path`).
  ///
  /// - Parameters:
  ///   - path: the file's absolute path, for the fetch log's `file://` URL.
  ///   - now: epoch seconds, the fetch rows' `requested_at` and observations' `fetched_at`.
  /// - Throws: `ImportFailure` when the file is unreadable or invalid (nothing stored), or a
  ///   store error.
  public static func run(
    _ bytes: [UInt8], path: String, options: ImportOptions, store: Store, now: Int64
  ) throws -> ImportResult {
    let text: DecodedText
    do {
      text = try TextDecoding.decode(bytes, forced: options.encoding)
    } catch {
      throw ImportFailure(problems: [ImportProblem(line: nil, "\(error)")], isFatal: true)
    }
    var reader = CSVReader(text.utf8)
    var header: CSVRecord?
    do {
      while let record = try reader.next() {
        if !record.isBlank {
          header = record
          break
        }
      }
    } catch {
      throw ImportFailure(problems: [ImportProblem(line: error.line, error.message)], isFatal: true)
    }
    guard let header else {
      throw ImportFailure(
        problems: [ImportProblem(line: nil, "the file is empty (a header row is required)")],
        isFatal: true)
    }
    let layout = try ImportLayout(
      header: header, kind: options.kind, hasCityOption: options.city != nil)
    let plan = try ImportPlan(
      reader: &reader, layout: layout, cityOption: options.city, source: options.source,
      resolveCity: { text in
        do {
          return .success(try store.resolveCity(text))
        } catch let error as CityReferenceError {
          return .failure(ImportRowError(Self.describe(error)))
        } catch {
          return .failure(ImportRowError("cannot look up city '\(text)': \(error)"))
        }
      })
    if !plan.problems.isEmpty, !options.skipInvalid {
      throw ImportFailure(problems: plan.problems, isFatal: false)
    }
    var result = ImportResult(
      encoding: text.encoding, fellBackToGB18030: text.fellBackToGB18030, table: layout.table,
      rows: plan.rows.count, cities: [], skipped: plan.problems,
      skippedRows: plan.invalidLines.count, warnings: plan.warnings, emptyRows: plan.emptyRows)
    var groups: [(city: City, rows: [ImportRow])] = []
    var groupIndex: [Int64: Int] = [:]
    for row in plan.rows {
      if let index = groupIndex[row.cityID] {
        groups[index].rows.append(row)
      } else if let city = plan.cities[row.cityID] {
        groupIndex[row.cityID] = groups.count
        groups.append((city, [row]))
      }
    }
    if options.dryRun {
      result.cities = groups.map {
        ImportCityResult(city: $0.city, rows: $0.rows.count, counts: UpsertCounts(), fetchID: nil)
      }
      return result
    }
    let file = ImportFile(
      provenance: ResponseProvenance(url: "file://" + path, body: bytes, callWeight: nil), now: now)
    result.cities = try store.write {
      try groups.map { group in
        try ImportWriter.write(
          group.rows, city: group.city, layout: layout, options: options, file: file, store: store)
      }
    }
    return result
  }

  /// A city-reference error on one line (the ambiguous-name list folded into it).
  static func describe(_ error: CityReferenceError) -> String {
    switch error {
    case .unknown(let reference):
      "unknown city '\(reference)' (see 'skycast city list')"
    case .ambiguous(let reference, let candidates):
      "city name '\(reference)' is ambiguous (ids \(candidates.map { String($0.id) }.joined(separator: ", "))); use an id or 'Name, Admin1'"
    case .noCities:
      "no saved cities; add one with 'skycast city add NAME'"
    }
  }
}
