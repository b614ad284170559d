import Foundation
import Testing

@testable import Demo
@testable import Store

@Suite struct DemoDatasetTests {
  @Test("the demo loads its recorded samples and synthetic history into a fresh database")
  func loads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "skycast-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(path: folder.appendingPathComponent("demo.sqlite").path)
    let steps = try DemoDataset(store: store).load()
    #expect(!steps.isEmpty)
    let sources = try store.database.query(
      "SELECT DISTINCT source FROM hourly_observations ORDER BY source"
    ).map { $0[0].stringValue ?? "" }
    #expect(sources.contains(DemoDataset.observationSource))
    let forecasts = try store.database.scalarInt("SELECT count(*) FROM hourly_forecasts") ?? 0
    #expect(forecasts > 0)
    // Every stored row keeps the rules that import and collecting keep.
    #expect(try store.brokenRows().rows == 0)
  }

  /// The imported source goes through the importer (fetch log `import:demo_provider`, one issue
  /// a day, leads 0–167 h), and every demo ensemble has its 20 members and a control.
  @Test("the demo has an imported forecast source and a full ensemble")
  func importedAndEnsemble() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "skycast-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(path: folder.appendingPathComponent("demo.sqlite").path)
    _ = try DemoDataset(store: store).load()
    let imported = try store.database.query(
      """
      SELECT count(DISTINCT issued_at), min(lead_hours), max(lead_hours), count(*)
      FROM hourly_forecasts WHERE source = '\(DemoDataset.importedSource)'
      """)[0]
    #expect(imported[0].int64Value == Int64(DemoDataset.syntheticDays))
    #expect(imported[1].int64Value == 0)
    #expect(imported[2].int64Value == 167)
    #expect(imported[3].int64Value == Int64(3 * DemoDataset.syntheticDays * 168))
    #expect(
      try store.database.scalarInt(
        "SELECT count(*) FROM fetches WHERE source = 'import:\(DemoDataset.importedSource)'")
        == 3)  // one per city
    let ensembles = try store.database.scalarInt(
      "SELECT count(DISTINCT fetch_id) FROM ensemble_forecasts WHERE model = '\(DemoDataset.ensembleModel)'"
    )
    #expect(ensembles == Int64(3 * DemoDataset.syntheticDays))
    let start = try #require(try store.latestEnsembleFirstHour(cityID: 7, variable: .temperature2m))
    let steps = try store.latestEnsemble(
      cityID: 7, variable: .temperature2m, range: start..<(start + 7 * 86_400))
    #expect(steps.count == DemoDataset.ensembleDays * 24)
    #expect(steps.allSatisfy { $0.members.count == DemoDataset.ensembleMembers + 1 })
    #expect(steps.allSatisfy { Set($0.members).count > 1 })
  }
}
