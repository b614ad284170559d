import Foundation
import Testing

/// Package.swift is the architecture, and this suite makes it a wall: every module a source file
/// imports is a dependency its target declares (SwiftPM finds undeclared ones only in a clean
/// build with `--explicit-target-dependency-import-check`, which `.ci/run` also uses), and the
/// SQLite wrapper is the Store's alone: no other target lists or imports it, and the Store
/// imports it `internal`, so no public or package signature can name its types.
@Suite struct PackageGraphTests {
  /// One target of Package.swift: its name, folder and declared dependencies.
  struct Target: Equatable {
    var name: String
    var folder: String
    var dependencies: Set<String>
  }

  /// One `import` line of a source file.
  struct Import: Equatable {
    var module: String
    /// `internal`, `@testable`, … or empty for a plain import.
    var attributes: String
    var file: String
    var line: Int
  }

  /// The package root.
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// Modules that are not targets of this package (the toolchain's).
  static let toolchainModules: Set<String> = [
    "Foundation", "FoundationNetworking", "FoundationEssentials", "Testing", "Glibc", "Musl",
    "Darwin", "Dispatch", "PackagePlugin", "XCTest", "Synchronization", "_Concurrency",
  ]

  /// The targets of a Package.swift text: each `.target(`, `.executableTarget(`,
  /// `.testTarget(` or `.systemLibrary(` call with its `name:`, `path:` and `dependencies:`.
  static func targets(in manifest: String) throws -> [Target] {
    let call = try NSRegularExpression(
      pattern: #"\.(target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)""#
    )
    let text = manifest as NSString
    let matches = call.matches(in: manifest, range: NSRange(location: 0, length: text.length))
    return matches.enumerated().map { index, match in
      let kind = text.substring(with: match.range(at: 1))
      let name = text.substring(with: match.range(at: 2))
      let end = index + 1 < matches.count ? matches[index + 1].range.location : text.length
      let body = text.substring(
        with: NSRange(location: match.range.location, length: end - match.range.location))
      var dependencies: Set<String> = []
      if let open = body.range(of: "dependencies: ["),
        let close = body[open.upperBound...].firstIndex(of: "]")
      {
        for part in body[open.upperBound..<close].split(
          separator: "\"", omittingEmptySubsequences: false
        )
        .enumerated()
        where part.offset % 2 == 1 {
          dependencies.insert(String(part.element))
        }
      }
      var folder = (kind == "testTarget" ? "Tests/" : "Sources/") + name
      if let path = body.range(of: #"path: "([^"]+)""#, options: .regularExpression) {
        folder = String(body[path].dropFirst(7).dropLast())
      }
      return Target(name: name, folder: folder, dependencies: dependencies)
    }
  }

  /// The `import` lines of Swift source text.
  static func imports(in source: String, file: String) throws -> [Import] {
    let line = try NSRegularExpression(
      pattern:
        #"^((?:@\w+\s+|(?:public|package|internal|fileprivate|private)\s+)*)import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#
    )
    var found: [Import] = []
    for (number, text) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let text = String(text)
      let range = NSRange(text.startIndex..., in: text)
      guard let match = line.firstMatch(in: text, range: range),
        let attributes = Range(match.range(at: 1), in: text),
        let module = Range(match.range(at: 2), in: text)
      else { continue }
      found.append(
        Import(
          module: String(text[module]),
          attributes: text[attributes].trimmingCharacters(in: .whitespaces), file: file,
          line: number + 1))
    }
    return found
  }

  /// Every `.swift` file under a folder of the package, with its text.
  static func sources(in folder: String) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    guard let files = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var result: [(String, String)] = []
    for case let file as String in files where file.hasSuffix(".swift") {
      result.append(
        (
          folder + "/" + file,
          try String(contentsOf: base.appendingPathComponent(file), encoding: .utf8)
        ))
    }
    return result.sorted { $0.0 < $1.0 }
  }

  /// `file:line` of every import of a package target that its own target does not declare.
  static func undeclaredImports(_ targets: [Target]) throws -> [String] {
    let names = Set(targets.map(\.name))
    var found: [String] = []
    for target in targets {
      for (path, text) in try sources(in: target.folder) {
        for item in try imports(in: text, file: path)
        where names.contains(item.module) && item.module != target.name
          && !target.dependencies.contains(item.module)
        {
          found.append("\(item.file):\(item.line): \(target.name) imports \(item.module)")
        }
      }
    }
    return found
  }

  static func manifestTargets() throws -> [Target] {
    try targets(
      in: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
  }

  @Test("every target imports only what Package.swift lets it depend on")
  func importsAreDeclared() throws {
    let targets = try Self.manifestTargets()
    #expect(targets.count > 20)
    #expect(targets.contains { $0.name == "Store" && $0.dependencies.contains("SQLiteKit") })
    let found = try Self.undeclaredImports(targets)
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("only the Store and SQLiteKit's own tests depend on or import SQLiteKit")
  func sqliteKitIsTheStores() throws {
    let targets = try Self.manifestTargets()
    let allowed: Set = ["Store", "SQLiteKitTests"]
    let listing = targets.filter { $0.dependencies.contains("SQLiteKit") }.map(\.name)
    #expect(Set(listing) == allowed)
    for target in targets where !allowed.contains(target.name) && target.name != "SQLiteKit" {
      for (path, text) in try Self.sources(in: target.folder) {
        let imports = try Self.imports(in: text, file: path).filter {
          $0.module == "SQLiteKit" || $0.module == "CSQLite"
        }
        #expect(imports.isEmpty, "\(path) imports \(imports.map(\.module))")
      }
    }
    for (path, text) in try Self.sources(in: "Sources/Store") {
      for item in try Self.imports(in: text, file: path) where item.module == "SQLiteKit" {
        #expect(item.attributes == "internal", "\(path):\(item.line) imports SQLiteKit publicly")
      }
    }
  }

  @Test("the Store knows no API client and sits in one folder per area; Verify needs no Collect")
  func layers() throws {
    let targets = try Self.manifestTargets()
    let store = try #require(targets.first { $0.name == "Store" })
    #expect(!store.dependencies.contains("OpenMeteo"))
    #expect(targets.first { $0.name == "Verify" }?.dependencies.contains("Collect") == false)
    let files = try Self.sources(in: "Sources/Store").map(\.path)
    let loose = files.filter { $0.split(separator: "/").count < 4 }
    #expect(loose.isEmpty, "files outside an area folder: \(loose)")
    let areas = Set(files.map { $0.split(separator: "/")[2] })
    #expect(areas.count >= 8, "\(areas.sorted())")
  }

  @Test("every library target has a test target of its own")
  func testTargets() throws {
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let library = try NSRegularExpression(pattern: #"\.target\(\s*name:\s*"([^"]+)""#)
    let range = NSRange(manifest.startIndex..., in: manifest)
    let libraries = library.matches(in: manifest, range: range).compactMap {
      Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
    }
    let names = Set(try Self.manifestTargets().map(\.name))
    // Resources only (the embedded Queries/, Samples/ and Help/, read through the Store's tests).
    let exempt: Set = ["SkycastResources"]
    #expect(libraries.count > 10)
    let missing = libraries.filter { !exempt.contains($0) && !names.contains($0 + "Tests") }
    #expect(missing.isEmpty, "library targets without a test target: \(missing)")
  }

  @Test("every top-level type in Sources lives in a file named after it")
  func oneTypePerFile() throws {
    // `struct`, `enum`, `class`, `actor` or `protocol` at the start of a line, after attributes
    // and modifiers; nested types are indented and belong to their parent's file.
    let declaration = try NSRegularExpression(
      pattern:
        #"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol)\s+(\w+)"#,
      options: .anchorsMatchLines)
    let sources = Self.root.appendingPathComponent("Sources")
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 300)
    var misplaced: [String] = []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      // `Store+Cities.swift` extends Store; a type in it is named `Store` or lives elsewhere.
      let base = String(
        (file as NSString).lastPathComponent.dropLast(6).prefix { $0 != "+" })
      for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let range = Range(match.range(at: 1), in: text) else { continue }
        if text[range] != base { misplaced.append("\(file): \(text[range])") }
      }
    }
    #expect(misplaced.isEmpty, "types in files named after something else: \(misplaced)")
  }

  @Test("the top level: the manifest, Sources, Tests, Queries, Samples and the README")
  func topLevel() throws {
    // The built-in reports and the demo's samples sit at the top level (embedded into the
    // SkycastResources target by its plugin); the help pages are that target's, under Sources.
    let entries = try FileManager.default.contentsOfDirectory(atPath: Self.root.path)
      .filter { !$0.hasPrefix(".") }
    #expect(
      Set(entries) == ["Package.swift", "Sources", "Tests", "Queries", "Samples", "README.md"],
      "\(entries)")
  }

  @Test("the scan reads Package.swift's targets and finds an undeclared import")
  func scanFindsUndeclaredImports() throws {
    let manifest = """
      .target(name: "Summary", dependencies: ["Store", "Analysis"]),
      .target(name: "Collect", dependencies: ["Store"]),
      .testTarget(
        name: "SummaryTests",
        dependencies: [
          "Summary",
        ],
        path: "Tests/Elsewhere"),
      """
    let targets = try Self.targets(in: manifest)
    #expect(
      targets == [
        Target(name: "Summary", folder: "Sources/Summary", dependencies: ["Store", "Analysis"]),
        Target(name: "Collect", folder: "Sources/Collect", dependencies: ["Store"]),
        Target(name: "SummaryTests", folder: "Tests/Elsewhere", dependencies: ["Summary"]),
      ])
    let source = """
      import Foundation
      @testable import Store
      internal import SQLiteKit
      public import struct Collect.FetchPipeline
      // import Nothing
      """
    #expect(
      try Self.imports(in: source, file: "x.swift").map { "\($0.attributes)|\($0.module)" } == [
        "|Foundation", "@testable|Store", "internal|SQLiteKit", "public|Collect",
      ])
  }
}
