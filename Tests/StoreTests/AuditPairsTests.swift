import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Store

/// `archive audit`'s join: its cost grows with the rows it reads, not rows × rows.
@Suite struct AuditPairsTests {
  @Test(
    "The derived rows drive the audit join and find their served value by an index",
    arguments: [FetchSource.previousRuns, .analysis(model: "best_match")])
  func planUsesAnIndex(derived: FetchSource) throws {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("audit.sqlite"))
    let selection = ArchiveSelection(variable: .temperature2m, models: ["best_match"])
    let (sql, parameters) = Store.auditPairsStatement(selection, derived: derived)
    let statement = try store.database.prepare("EXPLAIN QUERY PLAN " + sql)
    try statement.bind(named: parameters)
    var plan: [String] = []
    while try statement.step() { plan.append(statement.text(3) ?? "") }
    // The served rows are looked up through an automatic index on the whole join key...
    #expect(plan.contains { $0.contains("AUTOMATIC") && $0.contains("valid_at=?") }, "\(plan)")
    // ...and no forecast is searched by its city alone once per row of another stream (the
    // plan that ran over six minutes on the demo file).
    #expect(!plan.contains { $0.hasSuffix("USING PRIMARY KEY (city_id=?)") }, "\(plan)")
  }
}
