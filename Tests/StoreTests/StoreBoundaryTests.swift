import Foundation
import Testing

/// The Store is the only door to SQLite: no source file outside `Sources/Store` and the generic
/// wrapper `Sources/SQLiteKit` opens a connection, reaches for `Store.database`, or prepares,
/// runs or queries SQL. The compiler says most of this already (`Store.database` is internal,
/// SQLiteKit is imported `internal` and no other target depends on it: `PackageGraphTests`);
/// this scan also catches SQL text run through any other door. Tests reach the connection
/// through `@testable import Store`; `skycast-bench` writes through Store methods and reads its
/// files with the sqlite3 shell, its baseline.
@Suite struct StoreBoundaryTests {
  /// What reaching past the Store looks like in source text.
  static let patterns = [
    #"\w\.database\b"#,
    #"\bDatabase\("#,
    #"\.(prepare|cachedStatement|execute|query|scalarInt|scalarText|scalarDouble|run)\(\s*""#,
    #"\.(prepare|cachedStatement)\("#,
  ]

  /// `Sources/` of this package.
  static var sourcesFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// `file:line: text` of every line outside the allowed targets that matches a pattern.
  static func violations() throws -> [String] {
    let expressions = try patterns.map { try NSRegularExpression(pattern: $0) }
    var found: [String] = []
    let manager = FileManager.default
    let targets = try manager.contentsOfDirectory(atPath: sourcesFolder.path)
    for target in targets.sorted()
    where !["Store", "SQLiteKit", "CSQLite"].contains(target) {
      let folder = sourcesFolder.appendingPathComponent(target)
      guard let files = manager.enumerator(atPath: folder.path) else { continue }
      for case let file as String in files where file.hasSuffix(".swift") {
        let text = try String(
          contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        {
          let code = String(line.split(separator: "//", maxSplits: 1).first ?? "")
          let range = NSRange(code.startIndex..., in: code)
          if expressions.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
            found.append(
              "\(target)/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
          }
        }
      }
    }
    return found
  }

  @Test("no file outside the Store target reaches SQLite")
  func onlyTheStoreTouchesSQLite() throws {
    let found = try Self.violations()
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("the scan finds a statement prepared outside the Store")
  func scanFindsViolations() throws {
    let expressions = try Self.patterns.map { try NSRegularExpression(pattern: $0) }
    for line in [
      #"let rows = try store.database.prepare(sql)"#, #"try db.execute("VACUUM")"#,
      #"let other = try Database(path: path)"#,
    ] {
      let range = NSRange(line.startIndex..., in: line)
      #expect(expressions.contains { $0.firstMatch(in: line, range: range) != nil }, "\(line)")
    }
    let clean = #"try AtomicFile(path: target, content: .database, protecting: [store.path])"#
    let range = NSRange(clean.startIndex..., in: clean)
    #expect(!expressions.contains { $0.firstMatch(in: clean, range: range) != nil })
  }
}
