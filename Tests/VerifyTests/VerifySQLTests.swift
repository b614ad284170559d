import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store
@testable import Verify

/// The SQL `verify` runs: its plan, its portability to the `sqlite3` shell, its parameters.
@Suite struct VerifySQLTests {
  static let march = LocalDate("2026-03-01")!...LocalDate("2026-03-31")!

  /// Requests covering every SQL shape: groupings, filters, events, Brier, skill, daily.
  static var requests: [VerifyRequest] {
    let base = VerifyRequest(observationSource: "era5", groupBy: [.leadDay])
    var list = [base]
    var request = base
    request.groupBy = VerifyKey.allCases
    request.cityIDs = [1, 2]
    request.sources = ["forecast"]
    request.models = ["best_match", "icon_seamless"]
    request.period = march
    request.measuresPeriod = true
    list.append(request)
    request = base
    request.variable = .precipitation
    request.event = VerifyEvent(threshold: 1, op: .gt)
    list.append(request)
    for skill in SkillReference.allCases {
      request = base
      request.skill = skill
      request.period = march
      list.append(request)
      request.variable = .temperature2mMax
      list.append(request)
    }
    request = base
    request.variable = .precipitationSum
    request.event = VerifyEvent(threshold: 10)
    request.includePast = true
    list.append(request)
    request = base
    request.variable = .windDirection10m
    request.skill = .persistence
    list.append(request)
    request = base
    request.variable = .windSpeed10m
    request.vectorWind = true
    request.bootstrap = BootstrapSettings()
    list.append(request)
    request = base
    request.variable = .precipitation
    request.event = VerifyEvent(threshold: 0.1, op: .gt)
    request.bootstrap = BootstrapSettings()
    request.measuresPeriod = true
    list.append(request)
    return list
  }

  static func plan(_ statement: VerifyStatement, on database: Database) throws -> [String] {
    try database.query("EXPLAIN QUERY PLAN " + statement.sql, statement.parameters.map(\.1.sqlite))
      .compactMap { $0["detail"].stringValue }
  }

  @Test("forecasts are the outer loop and each pair finds its observation by primary key")
  func joinUsesPrimaryKey() throws {
    let store = try Store(path: ":memory:")
    for request in Self.requests {
      let pairing = request.variable.frequency == .daily ? "date" : "valid_at"
      for statement in [VerifySQL.scores(request), VerifySQL.pairs(request)] {
        let plan = try Self.plan(statement, on: store.database)
        // `h` is the storage table inside the `hourly_forecasts` view.
        let forecasts = plan.firstIndex {
          ["SCAN f", "SEARCH f", "SCAN h", "SEARCH h"].contains(where: $0.hasPrefix)
        }
        let observations = plan.firstIndex {
          $0.hasPrefix("SEARCH o USING PRIMARY KEY (city_id=? AND source=? AND \(pairing)=?)")
        }
        #expect(forecasts != nil && observations != nil, "\(plan)\n\(statement.sql)")
        if let forecasts, let observations { #expect(forecasts < observations, "\(plan)") }
      }
    }
  }

  @Test("persistence finds the reference observation by primary key too")
  func persistenceUsesPrimaryKey() throws {
    let store = try Store(path: ":memory:")
    var request = VerifyRequest(observationSource: "era5", skill: .persistence)
    #expect(
      try Self.plan(VerifySQL.scores(request), on: store.database).contains(
        "SEARCH r USING PRIMARY KEY (city_id=? AND source=? AND valid_at=?) LEFT-JOIN"))
    request.variable = .temperature2mMin
    #expect(
      try Self.plan(VerifySQL.scores(request), on: store.database).contains(
        "SEARCH r USING PRIMARY KEY (city_id=? AND source=? AND date=?) LEFT-JOIN"))
  }

  @Test(
    "pairs and daily revisions stream in index order; hourly revisions sort runs into valid-time order"
  )
  func streamingWithoutSort() throws {
    let store = try Store(path: ":memory:")
    for variable in [WeatherVariable.temperature2m, .precipitationSum] {
      let request = VerifyRequest(variable: variable, observationSource: "era5")
      let daily = variable.frequency == .daily
      for statement in [VerifySQL.pairs(request)] + (daily ? [VerifySQL.revisions(request)] : []) {
        let plan = try Self.plan(statement, on: store.database)
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
      }
    }
    // Hourly forecasts are stored run by run; a revision follows one valid time across runs, so
    // SQLite sorts, one city and series at a time (the key's first columns stay in order).
    let hourly = VerifyRequest(variable: .temperature2m, observationSource: "era5")
    let plan = try Self.plan(VerifySQL.revisions(hourly), on: store.database)
    #expect(plan.contains { $0.contains("TEMP B-TREE FOR RIGHT PART OF ORDER BY") }, "\(plan)")
  }

  @Test("every statement uses only SQLite's built-in functions, so the sqlite3 shell can run it")
  func noCustomFunctions() throws {
    let database = try Database(path: ":memory:")
    for migration in Schema.migrations { try database.execute(migration) }
    for request in Self.requests {
      for statement in [
        VerifySQL.scores(request), VerifySQL.pairs(request), VerifySQL.revisions(request),
      ] {
        let prepared = try database.prepare(statement.sql)
        #expect(prepared.isReadOnly)
        let names = Set(prepared.parameterNames)
        #expect(names == Set(statement.parameters.map(\.0)), "\(statement.sql)")
      }
    }
  }

  @Test("the shell script sets text parameters as SQL literals the shell will not evaluate")
  func shellScript() {
    var request = VerifyRequest(observationSource: #"O'Brien "x" \ y"#, period: Self.march)
    request.event = VerifyEvent(threshold: 0.5)
    let script = VerifySQL.scores(request).shellScript
    #expect(script.hasPrefix(".parameter init\n"))
    #expect(script.contains(#".parameter set :obs "'O''Brien \"x\" \\ y'""#), "\(script)")
    #expect(script.contains(#".parameter set :from "'2026-03-01'""#))
    #expect(script.contains(".parameter set :threshold 0.5\n"))
    #expect(script.hasSuffix(";\n"))
  }

  @Test(
    "lead_day floors toward minus infinity in SQL as in Swift",
    arguments: [
      (-49, -3), (-48, -2), (-25, -2), (-24, -1), (-1, -1), (0, 0), (23, 0), (24, 1), (383, 15),
    ])
  func leadDay(lead: Int64, expected: Int64) throws {
    let database = try Database(path: ":memory:")
    let expression = try #require(VerifyKey.leadDay.sql(for: .hourly))
    let value = try database.scalarInt(
      "SELECT \(expression) FROM (SELECT ? AS lead_hours) AS f", [.integer(lead)])
    #expect(value == expected)
    #expect(WallClock.floorDivide(lead, 24).quotient == expected)
  }
}

@Suite struct VerifyRequestTests {
  @Test("--by words parse from a comma list, case-insensitively, without duplicates")
  func parseKeys() throws {
    #expect(
      try VerifyKey.parse(["lead-day", "CITY", "lead-day", "valid-hour"]) == [
        .leadDay, .city, .validHour,
      ])
    #expect(throws: InvalidInput.self) { try VerifyKey.parse(["weekday"]) }
  }

  @Test(
    "source becomes the first key unless exactly one source is selected or it is grouped already")
  func implicitSource() {
    var request = VerifyRequest(observationSource: "era5", groupBy: [.lead])
    #expect(request.keys == [.source, .lead])
    request.sources = ["forecast", "previous-runs"]
    #expect(request.keys == [.source, .lead])
    request.sources = ["forecast"]
    #expect(request.keys == [.lead])
    request.sources = []
    request.groupBy = [.lead, .source]
    #expect(request.keys == [.lead, .source])
  }

  @Test(
    "variables without observations, times of day and hourly-only keys on daily data are refused")
  func validation() throws {
    #expect(throws: InvalidInput.self) {
      try VerifyRequest(variable: .precipitationProbability, observationSource: "era5").validated()
    }
    #expect(throws: Never.self) {
      try VerifyRequest(variable: .precipitationProbability, observationSource: "").validated(
        needsObservations: false)
    }
    #expect(throws: InvalidInput.self) {
      try VerifyRequest(variable: .sunrise, observationSource: "era5").validated()
    }
    #expect(throws: InvalidInput.self) {
      try VerifyRequest(
        variable: .temperature2mMax, observationSource: "era5", groupBy: [.validHour]
      ).validated()
    }
    #expect(VerifyRequest.verifiableVariables.contains(.temperature2m))
    #expect(VerifyRequest.verifiableVariables.contains(.precipitationSum))
    #expect(!VerifyRequest.verifiableVariables.contains(.showers))
  }

  @Test("Brier is computed for precipitation with an event and warns unless the event is > 0.1 mm")
  func brierEvent() {
    var request = VerifyRequest(variable: .precipitation, observationSource: "era5")
    #expect(!request.computesBrier)
    request.event = VerifyEvent(threshold: 0.1, op: .gt)
    #expect(request.computesBrier && !request.brierEventDiffers)
    request.event = VerifyEvent(threshold: 0.1, op: .ge)
    #expect(request.brierEventDiffers)
    request.variable = .rain
    #expect(!request.computesBrier)
  }
}
