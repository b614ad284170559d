import Foundation
import SkycastResources
import TestSupport
import Testing

@testable import Store

@Suite struct QueryLibraryTests {
  static let builtIns = QueryLibrary(userDirectory: nil)

  // MARK: - Header

  /// The three header keys are read in any case; other comment lines are notes.
  @Test("a header gives name, description and parameters with defaults")
  func header() throws {
    let report = try Report(
      name: "errors",
      text: """
        -- Name: errors
        -- description: Errors by lead.
        -- a note: with a colon
        -- parameters: :city_id, :obs = era5, :limit = 10, :model = null

        SELECT 1;
        """,
      origin: .builtIn)
    #expect(report.headerName == "errors" && report.description == "Errors by lead.")
    #expect(
      report.parameters == [
        Report.Parameter(name: "city_id"), Report.Parameter(name: "obs", defaultValue: "era5"),
        Report.Parameter(name: "limit", defaultValue: "10"),
        Report.Parameter(name: "model", defaultValue: "null"),
      ])
    #expect(report.parametersText == ":city_id, :obs = era5, :limit = 10, :model = null")
  }

  @Test("a file without a statement, or with a bad parameters entry, is refused")
  func badHeaders() {
    #expect(throws: Report.HeaderError.self) {
      try Report(name: "empty", text: "-- description: nothing\n\n", origin: .builtIn)
    }
    #expect(throws: Report.HeaderError.self) {
      try Report(name: "bad", text: "-- parameters: city_id\nSELECT 1", origin: .builtIn)
    }
    #expect(throws: Report.HeaderError.self) {
      try Report(name: "bad", text: "-- parameters: :a b\nSELECT 1", origin: .builtIn)
    }
  }

  // MARK: - Built-ins

  /// The documented reports: daily summary, hourly table, forecast error by lead day, model comparison, data
  /// completeness.
  @Test("the built-in library has the five required reports and more")
  func requiredReports() {
    let names = Self.builtIns.reports.map(\.name)
    for required in [
      "daily-summary", "hourly-table", "forecast-error-by-lead-day", "model-comparison",
      "data-completeness",
    ] {
      #expect(names.contains(required), "missing \(required)")
    }
    #expect(Self.builtIns.problems.isEmpty, "\(Self.builtIns.problems)")
    #expect(Self.builtIns.reports.allSatisfy { $0.origin == .builtIn })
    #expect(EmbeddedResources.files(in: "Queries").keys.sorted() == names.map { $0 + ".sql" })
  }

  /// Every built-in names itself like its file, has a one-line description, declares exactly
  /// the parameters its statement uses, and says whether the sqlite3 shell can run it.
  @Test("every built-in header is complete and matches its statement", arguments: builtIns.reports)
  func builtInHeader(report: Report) throws {
    #expect(report.headerName == report.name)
    #expect(!report.description.isEmpty && report.description.count <= 200)
    let store = try Store(path: ":memory:")
    let statement = try store.database.prepare(report.sql)
    let used = Set(statement.parameterNames.map { String($0.dropFirst()) })
    #expect(used == Set(report.parameters.map(\.name)), "\(report.name)")
    #expect(statement.isReadOnly)
    let usesFunctions = AnalysisSQLFunctions.names.contains { report.sql.contains($0 + "(") }
    if usesFunctions {
      #expect(report.sql.contains("Uses Skycast SQL functions"), "\(report.name)")
    } else {
      #expect(report.sql.contains("runs in the sqlite3 shell"), "\(report.name)")
    }
  }

  /// Each built-in runs to the end on a small history (fetched on 2026-03-19, valid on
  /// 2026-03-20), with the standard parameters NULL and set, and returns rows.
  @Test("every built-in runs against a small database", arguments: builtIns.reports)
  func builtInRuns(report: Report) throws {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("reports.sqlite"))
    let city = try HistoryBuilder(store: store).smallHistory()
    let standards: [[String: StoreValue]] = [
      [:],
      [
        "city_id": .integer(city.id), "city": .text(city.name), "from": .text("2026-03-19"),
        "to": .text("2026-03-20"),
      ],
    ]
    for standard in standards {
      let statement = try store.database.prepare(report.sql)
      let resolution = try ReportBinding.resolve(
        report: report, statementParameters: statement.parameterNames, explicit: [:],
        standard: standard.filter { key, _ in statement.parameterNames.contains(":" + key) })
      try statement.bind(named: resolution.values.mapValues(\.sqlite))
      var rows = 0
      while try statement.step() { rows += 1 }
      #expect(rows > 0, "\(report.name) with \(standard.keys.sorted())")
    }
  }

  // MARK: - User folder

  @Test("the user folder is XDG_CONFIG_HOME/skycast/queries, else ~/.config/skycast/queries")
  func userDirectory() {
    #expect(
      QueryLibrary.userDirectory(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"])
        == "/c/skycast/queries")
    #expect(
      QueryLibrary.userDirectory(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
        == "/h/.config/skycast/queries")
    #expect(QueryLibrary.userDirectory(environment: ["HOME": "/h"]) == "/h/.config/skycast/queries")
    #expect(QueryLibrary.userDirectory(environment: [:]) == nil)
  }

  /// A user file named like a built-in replaces it; other .sql files add reports; non-.sql and
  /// hidden files are ignored; unreadable or header-less files are reported, not fatal.
  @Test("user files add reports, replace built-ins, and problems are reported")
  func userFiles() throws {
    let directory = TemporaryDirectory()
    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: URL(fileURLWithPath: directory.file(name)))
    }
    try write("daily-summary.sql", "-- description: Mine.\nSELECT 1")
    try write("extra.sql", "-- name: other\n-- description: Extra.\nSELECT 2")
    try write("notes.txt", "SELECT 3")
    try write(".hidden.sql", "SELECT 4")
    try write("empty.sql", "-- description: nothing here\n")
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: directory.file("binary.sql")))
    let library = QueryLibrary(userDirectory: directory.path)
    let mine = try #require(library.report(named: "daily-summary"))
    #expect(
      mine.description == "Mine." && mine.origin == .user(path: directory.file("daily-summary.sql"))
    )
    #expect(library.report(named: "extra")?.description == "Extra.")
    #expect(library.report(named: "notes") == nil && library.report(named: ".hidden") == nil)
    #expect(library.report(named: "empty") == nil && library.report(named: "binary") == nil)
    #expect(library.report(named: "hourly-table")?.origin == .builtIn)
    #expect(library.problems.count == 3, "\(library.problems)")
    #expect(library.problems.contains { $0.contains("extra.sql") && $0.contains("other") })
  }

  // MARK: - Binding

  static let report = try! Report(
    name: "r",
    text: "-- parameters: :city_id, :from, :obs = era5, :limit = 10, :m = null\nSELECT 1",
    origin: .builtIn)

  @Test("--param beats options, options beat header defaults, standard names default to NULL")
  func bindingOrder() throws {
    let names = [":city_id", ":from", ":obs", ":limit", ":m"]
    let plain = try ReportBinding.resolve(
      report: Self.report, statementParameters: names, explicit: [:], standard: [:])
    #expect(
      plain.values == [
        ":city_id": .null, ":from": .null, ":obs": .text("era5"), ":limit": .integer(10),
        ":m": .null,
      ])
    let set = try ReportBinding.resolve(
      report: Self.report, statementParameters: names, explicit: ["obs": .text("station")],
      standard: ["city_id": .integer(3), "from": .text("2026-01-01"), "to": .text("2026-01-31")])
    #expect(set.values[":obs"] == .text("station") && set.values[":city_id"] == .integer(3))
    #expect(set.values[":from"] == .text("2026-01-01"))
    #expect(set.unusedStandard == ["to"])
  }

  @Test("unknown, missing, conflicting and positional parameters are usage errors")
  func bindingErrors() {
    #expect(throws: ReportBinding.Failure.unknown(report: "r", parameter: "x", known: ["obs"])) {
      try ReportBinding.resolve(
        report: Self.report, statementParameters: [":obs"], explicit: ["x": .integer(1)],
        standard: [:])
    }
    #expect(throws: ReportBinding.Failure.missing(report: "r", parameter: "threshold")) {
      try ReportBinding.resolve(
        report: Self.report, statementParameters: [":threshold"], explicit: [:], standard: [:])
    }
    #expect(throws: ReportBinding.Failure.conflict(parameter: "from", option: "--from")) {
      try ReportBinding.resolve(
        report: Self.report, statementParameters: [":from"], explicit: ["from": .text("a")],
        standard: ["from": .text("b")])
    }
    #expect(throws: ReportBinding.Failure.positional(report: "r")) {
      try ReportBinding.resolve(
        report: Self.report, statementParameters: [""], explicit: [:], standard: [:])
    }
  }

  @Test("parameter text binds as integer, real or text")
  func valueTyping() {
    #expect(ReportBinding.value("42") == .integer(42))
    #expect(ReportBinding.value("-0.5") == .real(-0.5))
    #expect(ReportBinding.value("2026-03-01") == .text("2026-03-01"))
    #expect(ReportBinding.value("nan") == .text("nan"))
    #expect(ReportBinding.value("0x10") == .text("0x10"))
  }
}

extension Report: CustomTestStringConvertible {
  public var testDescription: String { name }
}
