import Testing

@testable import Export
@testable import ExportJobs
@testable import SkycastModel
@testable import Store

@Suite struct HistoryExportTests {
  /// Two cities; hourly rows from three fetches whose sources alternate, over two months.
  func store() throws -> Store {
    let store = try Store(path: ":memory:")
    try store.database.execute(
      """
      INSERT INTO cities (id, name, latitude, longitude, timezone, added_at)
        VALUES (1, 'A', 0, 0, 'UTC', 0), (2, 'B', 0, 0, 'Asia/Kolkata', 0);
      INSERT INTO hourly_forecasts (fetch_id, city_id, source, model, issued_at, valid_at, valid_date, valid_hour, lead_hours, temperature_2m)
        VALUES (1, 1, 'forecast', 'best_match', 0, 0, '1970-01-01', 0, 0, 1.04),
               (1, 1, 'forecast', 'best_match', 0, 3600, '1970-01-01', 1, 1, NULL),
               (2, 1, 'previous-runs', 'best_match', 0, 2678400, '1970-02-01', 0, 744, 2),
               (3, 2, 'forecast', 'icon', 0, 0, '1970-01-01', 5, 0, 3),
               (3, 2, 'forecast', 'icon', 0, 2678400, '1970-02-01', 5, 744, 4);
      """)
    return store
  }

  func text(_ export: HistoryExport) throws -> String {
    let sink = MemorySink()
    try export.write(to: CSVWriter(output: TextOutput(sink)))
    return sink.text
  }

  /// Repeated text (source, model, dates) is reused only while it is unchanged.
  @Test("repeated text follows every change")
  func repeatedText() throws {
    var request = ExportRequest(table: .hourly)
    request.variables = [.temperature2m]
    let export = try HistoryExport(store: store(), request: request)
    #expect(
      try text(export)
        == "city,city_id,fetch_id,source,model,issued_at,valid_at,valid_date,valid_hour,lead_hours,temperature_2m\r\n"
        + "A,1,1,forecast,best_match,1970-01-01T00:00:00+00:00,1970-01-01T00:00:00+00:00,1970-01-01,0,0,1.0\r\n"
        + "A,1,1,forecast,best_match,1970-01-01T00:00:00+00:00,1970-01-01T01:00:00+00:00,1970-01-01,1,1,\r\n"
        + "A,1,2,previous-runs,best_match,1970-01-01T00:00:00+00:00,1970-02-01T00:00:00+00:00,1970-02-01,0,744,2.0\r\n"
        + "B,2,3,forecast,icon,1970-01-01T05:30:00+05:30,1970-01-01T05:30:00+05:30,1970-01-01,5,0,3.0\r\n"
        + "B,2,3,forecast,icon,1970-01-01T05:30:00+05:30,1970-02-01T05:30:00+05:30,1970-02-01,5,744,4.0\r\n"
    )
  }

  /// Counting matches writing, in total and per part.
  @Test("counts rows in total and per part")
  func counts() throws {
    let store = try store()
    let export = try HistoryExport(store: store, request: ExportRequest(table: .hourly))
    #expect(try export.count() == 5)
    #expect(try export.counts(by: .city) == [.city(1): 3, .city(2): 2])
    #expect(try export.counts(by: .month) == [.month("1970-01"): 3, .month("1970-02"): 2])
    var sinks: [ExportPart: MemorySink] = [:]
    let written = try export.write(splitBy: .month) { part in
      let sink = MemorySink()
      sinks[part] = sink
      return JSONWriter(output: TextOutput(sink), lines: true)
    }
    #expect(written == [.month("1970-01"): 3, .month("1970-02"): 2])
    #expect(sinks[.month("1970-02")]?.text.split(separator: "\n").count == 2)
    var fetches = ExportRequest(table: .fetches)
    fetches.cityIDs = [2]
    #expect(try HistoryExport(store: store, request: fetches).counts(by: .month) == nil)
  }

  /// Filters become bound conditions; --latest defaults the source and model.
  @Test("builds bound filters")
  func filters() throws {
    var request = ExportRequest(table: .hourly)
    request.cityIDs = [2]
    request.latest = true
    request.dates = LocalDate("1970-01-01")!...LocalDate("1970-01-31")!
    let plan = ExportPlan.make(request, cities: [])
    #expect(
      plan.sql.contains(
        "FROM hourly_forecasts_latest WHERE city_id IN (?) AND source = ? AND model = ? AND valid_date BETWEEN ? AND ?"
      ))
    #expect(
      plan.bindings == [
        .integer(2), .text("forecast"), .text("best_match"), .text("1970-01-01"),
        .text("1970-01-31"),
      ])
    request.model = "icon"
    request.latest = false
    let export = try HistoryExport(store: store(), request: request)
    #expect(try export.count() == 1)
  }
}
