import Foundation
import TestSupport
import Testing

/// `-o x.parquet --partition-by none` writes one file, not a folder, and every Parquet file
/// carries its columns' units in the footer (`skycast.unit.<column>`).
@Suite struct ParquetSingleFileTests {
  @Test("-o x.parquet without partitions is one file with the CSV's rows and units in its footer")
  func oneFile() async throws {
    let harness = try smallHarness()
    let result = await harness.run(
      "export", "hourly", "--format", "parquet", "--partition-by", "none", "-o", "one.parquet")
    #expect(result.exitCode == 0, "\(result)")
    let path = harness.directory.file("one.parquet")
    var isDirectory: ObjCBool = true
    #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
    #expect(!isDirectory.boolValue, "a file, not a folder")
    let csvRows =
      await harness.run("export", "hourly", "--format", "csv").stdout
      .split(separator: "\r\n").count - 1
    #expect(result.stderr.contains("exported \(csvRows) rows to one.parquet"), "\(result)")
    let cities = await harness.run("export", "cities", "--format", "parquet", "-o", "c.parquet")
    #expect(cities.exitCode == 0, "\(cities)")
    let append = await harness.run(
      "export", "hourly", "--format", "parquet", "--partition-by", "none", "--append", "-o",
      "one.parquet")
    #expect(append.exitCode == 64, "\(append)")
    guard let python = RealReaders.python(for: "ParquetSingleFileTests") else { return }
    let (status, output) = try await RealReaders.run(
      python, script: "parquet_file_metadata.py", [path])
    #expect(status == 0, "\(output)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(json["rows"] as? Int == csvRows, "\(output)")
    let metadata = try #require(json["metadata"] as? [String: String])
    #expect(metadata["skycast.table"] == "hourly", "\(metadata)")
    #expect(metadata["skycast.unit.temperature_2m"] == "°C", "\(metadata)")
    #expect(metadata["skycast.unit.precipitation"] == "mm", "\(metadata)")
    let pairs = await harness.run(
      "verify", "--pairs", "--format", "parquet", "--partition-by", "none", "-o", "pairs.parquet")
    #expect(pairs.exitCode == 0, "\(pairs)")
    let (_, pairsOutput) = try await RealReaders.run(
      python, script: "parquet_file_metadata.py", [harness.directory.file("pairs.parquet")])
    #expect(pairsOutput.contains("\"skycast.unit.forecast\": \"°C\""), "\(pairsOutput)")
    let (_, citiesOutput) = try await RealReaders.run(
      python, script: "parquet_file_metadata.py", [harness.directory.file("c.parquet")])
    #expect(citiesOutput.contains("\"skycast.table\": \"cities\""), "\(citiesOutput)")
  }
}
