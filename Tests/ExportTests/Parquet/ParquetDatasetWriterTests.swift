import Foundation
import SkycastModel
import TestSupport
import Testing

@testable import Export

/// The dataset writer's memory bound: row groups are written early when the partitions'
/// buffers pass the budget, and every row still arrives.
@Suite struct ParquetDatasetWriterTests {
  @Test("Interleaved partitions past the memory budget are cut into row groups; all rows remain")
  func memoryBudget() async throws {
    let directory = TemporaryDirectory()
    let folder = directory.file("dataset")
    let writer = ParquetDatasetWriter(
      directory: folder, partitionBy: [.city], required: ["city_id"], monthColumn: nil,
      rowGroupRows: 1 << 17, memoryBudget: 64 << 10)
    try writer.begin(columns: [Column("city_id", .integer), Column("value", .integer)])
    var expected: Int64 = 0
    for row in 0..<60_000 {
      let value = Int64(row * 7 % 1009)
      expected += value
      try writer.write([.integer(Int64(row % 3 + 1)), .integer(value)])
    }
    try writer.finish()
    try writer.commit()
    #expect(writer.parts.map(\.path) == (1...3).map { "city_id=\($0)/part-00000.parquet" })
    #expect(writer.parts.map(\.rows) == [20_000, 20_000, 20_000])
    guard let python = RealReaders.python(for: "memoryBudget") else { return }
    let (status, output) = try await RealReaders.run(python, script: "row_groups.py", [folder])
    #expect(status == 0, "\(output)")
    let numbers = output.split(separator: " ").compactMap {
      Int64($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(numbers.count == 4, "\(output)")
    guard numbers.count == 4 else { return }
    #expect(numbers[0] == 3)
    #expect(numbers[1] > 3, "the budget should have cut the partitions into several row groups")
    #expect(numbers[2] == 60_000)
    #expect(numbers[3] == expected)
  }
}
