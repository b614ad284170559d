import Foundation
import SkycastModel
import Store

/// Loads observations or forecasts from a CSV file all or nothing.
///
/// The file is streamed: decoded a chunk at a time (`ImportTextStream`), read as CSV records
/// of byte ranges (`CSVByteReader`), its header checked (`ImportLayout`), then every record
/// checked (from its bytes by `ImportByteCheck` when it has the usual shape, otherwise by
/// `ImportPlan`, which words every problem) and, when valid, upserted at once
/// (`ImportWriter`), all in one transaction
/// with one `import:NAME` fetch-log row per city (url `file://…`, byte count and SHA-256 of the
/// file). Only the record being read is in memory, so a file of any length imports in the same
/// memory. Any invalid row makes the transaction roll back at the end (the rest of the file is
/// still checked, so every problem is listed); with `--skip-invalid` invalid rows are left out
/// and reported; `--dry-run` always rolls back. A repeated key is recognised by the database
/// itself: the row is already stored with this import's fetch id (`ImportKeyLog` covers keys
/// that were stored before); when only the database knows the key, the first line is found by
/// reading the file again. A conflict (same key, different values) leaves out both rows: with
/// `--skip-invalid` the first was already written when the second turns up, so the file is read
/// once more, in a new transaction, leaving those keys out from the start. Rows are upserted
/// (`RowUpsert`): observations on (city, source, time or date), forecasts on (city, source,
/// model, issued_at, time or date); a NULL never overwrites a value. A city whose rows change
/// nothing gets no fetch row, so importing the same file twice changes nothing at all.
public enum Importer {

  /// Checks a source NAME: letters, digits, `-` and `_`, at most 64 characters, not reserved.
  ///
  /// - Throws: `InvalidInput` (a usage error) naming the rule broken.
  public static func checkSourceName(_ name: String) throws {
    guard !name.isEmpty, name.count <= 64, isValidName(name, allowDots: false) else {
      throw InvalidInput(
        "The value '\(name)' is invalid for '--source': use letters, digits, '-' and '_' (at most 64)"
      )
    }
    guard !FetchSource(rawValue: name.lowercased()).isBuiltIn else {
      throw InvalidInput(
        "The value '\(name)' is invalid for '--source': '\(name)' is reserved for Skycast's own data (\(FetchSource.builtInNames)); choose another name"
      )
    }
  }

  /// Letters, ASCII digits, `-`, `_` (and `.` when `allowDots`, for model names).
  package static func isValidName(_ name: String, allowDots: Bool) -> Bool {
    // ASCII names (nearly all) without Unicode property lookups: every row of a forecast
    // import checks its model.
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      return !name.isEmpty && name.utf8.count <= 64
        && name.utf8.allSatisfy {
          switch $0 {
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
          case UInt8(ascii: "."): allowDots
          default: false
          }
        }
    }
    return !name.isEmpty && name.count <= 64
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
    try run(ImportInput(bytes: bytes), path: path, options: options, store: store, now: now)
  }

  /// Imports the file `input` reads (opened from `path`), streaming it.
  ///
  /// - Parameters:
  ///   - path: the file's absolute path, for the fetch log's `file://` URL.
  ///   - now: epoch seconds, the fetch rows' `requested_at` and observations' `fetched_at`.
  /// - Throws: `ImportFailure` when the file is unreadable or invalid (nothing stored), or a
  ///   store error.
  public static func run(
    _ input: ImportInput, path: String, options: ImportOptions, store: Store, now: Int64
  ) throws -> ImportResult {
    var fallBack = false
    var detail: String?
    var excluded: Set<ImportRow.Key> = []
    var report: ImportPass.Report?
    while true {
      let open = { [fallBack, detail] in
        do {
          try input.rewind()
          return try ImportTextStream(
            input: input, forced: options.encoding, fallBack: fallBack, utf8Detail: detail)
        } catch {
          throw ImportFailure(problems: [ImportProblem(line: nil, "\(error)")], isFatal: true)
        }
      }
      let pass = ImportPass(
        text: try open(), input: input, path: path, options: options, store: store, now: now,
        excluded: excluded, earlierReport: report, reopen: open)
      switch try pass.run() {
      case .done(let result): return result
      case .retryAsGB18030(let found):
        fallBack = true
        detail = found
      case .leaveOut(let keys, let found):
        excluded = keys
        report = found
      }
    }
  }

  /// A city-reference error on one line (the ambiguous-name list folded into it).
  package static func describe(_ error: CityReferenceError) -> String {
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
