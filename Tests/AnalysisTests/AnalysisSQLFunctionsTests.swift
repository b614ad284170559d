import Testing

@testable import Store

@Suite struct AnalysisSQLFunctionsTests {
  /// A fresh in-memory database with the analysis functions.
  static func database() throws -> Database {
    let database = try Database(path: ":memory:")
    try AnalysisSQLFunctions.register(on: database)
    return database
  }

  static func value(_ sql: String) throws -> SQLiteValue {
    try database().scalar(sql) ?? .null
  }

  /// (SQL expression, expected number within 0.01) — references from MetPy / the formulas.
  static let numericCases: [(String, Double)] = [
    ("heat_index(30, 90)", 40.774647),
    ("heat_index(26.666666666666668, 50)", 27.11272494444438),
    ("wind_chill(10, 20)", 7.3761377848040635),
    ("wind_chill(-10, 30)", -19.52049803338773),
    ("feels_like_nws(-10, 80, 30)", -19.52049803338773),
    ("feels_like_nws(30, 90, 20)", 40.774647),
    ("feels_like_nws(20, 50, 10)", 20),
    ("feels_like_bom(25, 50, 10)", 24.266744371453065),
    ("dew_point(20, 50)", 9.261106630534236),
    ("feels_like_bom('25', '50', ' 10 ')", 24.266744371453065),
    ("heat_index('30', 90)", 40.774647),
  ]

  /// Each numeric SQL function returns the Swift formula's value as REAL.
  @Test("numeric SQL functions return the formulas' values", arguments: numericCases)
  func numeric(_ testCase: (String, Double)) throws {
    let value = try Self.value("SELECT \(testCase.0)")
    guard case .real(let number) = value else {
      Issue.record("\(testCase.0) gave \(value)")
      return
    }
    #expect(Approx.equal(number, testCase.1, within: 0.01), "\(testCase.0) gave \(number)")
  }

  /// (SQL expression, expected text)
  static let textCases: [(String, String)] = [
    ("uv_category(2.49)", "low"),
    ("uv_category(2.5)", "moderate"),
    ("uv_category(8)", "very high"),
    ("uv_category(11)", "extreme"),
    ("uv_category(-1)", "low"),
    ("wmo_label(48)", "Depositing rime fog"),
    ("wmo_label(3.0)", "Overcast"),
    ("wmo_label('95')", "Thunderstorm"),
    ("wmo_symbol(0, 1)", "☀"),
    ("wmo_symbol(0, 0)", "☾"),
    ("wmo_symbol(42, 1)", "?"),
    ("compass_point(360)", "N"),
    ("compass_point(-90)", "W"),
    ("compass_point(11.25)", "NNE"),
  ]

  /// Each text SQL function returns the Swift function's text.
  @Test("text SQL functions return the Swift functions' text", arguments: textCases)
  func text(_ testCase: (String, String)) throws {
    #expect(try Self.value("SELECT \(testCase.0)") == .text(testCase.1))
  }

  /// NULL in, NULL out; non-numeric text and blobs count as NULL; undefined results are NULL.
  @Test(
    "NULL, non-numeric and undefined inputs give NULL",
    arguments: [
      "feels_like_bom(NULL, 50, 10)", "feels_like_bom(25, NULL, 10)",
      "feels_like_bom(25, 50, NULL)",
      "heat_index(NULL, 50)", "heat_index(30, NULL)", "heat_index(20, 50)",
      "heat_index(26.66, 50)", "wind_chill(NULL, 10)", "wind_chill(-5, NULL)",
      "wind_chill(10.01, 20)", "wind_chill(-5, 4.828032)", "feels_like_nws(NULL, 50, 10)",
      "feels_like_nws(20, NULL, 10)", "feels_like_nws(20, 50, NULL)", "dew_point(NULL, 50)",
      "dew_point(20, 0)", "uv_category(NULL)", "wmo_label(NULL)", "wmo_label(42)",
      "wmo_label(3.5)", "wmo_symbol(NULL, 1)", "wmo_symbol(0, NULL)", "compass_point(NULL)",
      "feels_like_bom('warm', 50, 10)", "heat_index('', 50)", "dew_point(x'3230', 50)",
      "heat_index('nan', 50)", "heat_index('inf', 50)", "compass_point(9e999)",
      "uv_category('0x10')",
    ])
  func nullSafe(_ expression: String) throws {
    #expect(try Self.value("SELECT \(expression)") == .null)
  }

  /// The functions work over stored rows, NULLs included, in one query.
  @Test("functions apply row by row over a table")
  func overTable() throws {
    let database = try Self.database()
    try database.execute("CREATE TABLE h(t REAL, rh REAL, wind REAL, code INTEGER, is_day INTEGER)")
    try database.execute(
      "INSERT INTO h VALUES (-10, 80, 30, 71, 0), (30, 90, 20, 2, 1), (NULL, 50, 10, NULL, 1)")
    let rows = try database.query(
      "SELECT feels_like_nws(t, rh, wind) AS f, wmo_symbol(code, is_day) AS s FROM h ORDER BY rowid"
    )
    #expect(rows.count == 3)
    #expect(Approx.equal(rows[0]["f"].doubleValue, -19.52049803338773, within: 0.01))
    #expect(rows[0]["s"] == .text("❄"))
    #expect(Approx.equal(rows[1]["f"].doubleValue, 40.774647, within: 0.01))
    #expect(rows[1]["s"] == .text("⛅"))
    #expect(rows[2]["f"] == .null && rows[2]["s"] == .null)
  }

  /// A wrong argument count is an SQL error, not a crash.
  @Test("a wrong argument count is an SQL error")
  func wrongArity() throws {
    let database = try Self.database()
    #expect(throws: SQLiteError.self) { try database.scalar("SELECT heat_index(30)") }
  }

  /// Every documented SQL function name is registered, with its argument count.
  @Test("all nine SQL names are registered with their argument counts")
  func names() throws {
    let database = try Self.database()
    let expected: [(String, Int64)] = [
      ("feels_like_bom", 3), ("heat_index", 2), ("wind_chill", 2), ("feels_like_nws", 3),
      ("dew_point", 2), ("uv_category", 1), ("wmo_label", 1), ("wmo_symbol", 2),
      ("compass_point", 1),
    ]
    for (name, arguments) in expected {
      let count = try database.scalarInt(
        "SELECT count(*) FROM pragma_function_list WHERE name = ? AND narg = ?",
        [.text(name), .integer(arguments)])
      #expect(count == 1, "\(name)")
    }
    #expect(Set(AnalysisSQLFunctions.names) == Set(expected.map(\.0)))
  }
}
