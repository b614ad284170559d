import Testing

@testable import ExportJobs

@Suite struct DatasetManifestTests {
  @Test("part names carry the run number, zero-padded, and read back; other names do not")
  func partNames() {
    #expect(DatasetManifest.partName(run: 7) == "part-00007.parquet")
    #expect(DatasetManifest.partName(run: 123_456) == "part-123456.parquet")
    for run in [0, 1, 99_999, 100_000] {
      #expect(DatasetManifest.run(ofPart: DatasetManifest.partName(run: run)) == run)
    }
    #expect(DatasetManifest.run(ofPart: "part-x.parquet") == nil)
    #expect(DatasetManifest.run(ofPart: "data.parquet") == nil)
    #expect(DatasetManifest.run(ofPart: "part-00001.csv") == nil)
  }
}
