import Foundation
import TestSupport
import Testing

/// `station load PROVIDER FILE` reads a list whole, so a file past `StationLists.fileLimit`
/// (64 MiB) is refused unread.
@Suite struct StationListFileCapTests {
  @Test("a list file past 64 MiB is refused unread; nothing cached")
  func tooLarge() async throws {
    let folder = TemporaryDirectory()
    let path = folder.file("ghcnh-station-list.csv")
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    // Sparse: the size without the bytes.
    try handle.truncate(atOffset: UInt64(65 << 20))
    try handle.close()
    let harness = CLIHarness()
    let result = await harness.run("station", "load", "ghcnh", path)
    #expect(result.exitCode == 1, "\(result)")
    #expect(result.stderr.contains("is 65 MiB, more than a station list's 64 MiB"), "\(result)")
  }
}
