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
}
