import Foundation
import Testing

@testable import Stations

/// Unwrapping station files: gzip and zip by our inflate, bombs refused by their expansion.
@Suite struct StationFileBytesTests {
  /// Runs python3 (its zlib and zipfile are the reference) to write `path`.
  static func python(_ script: String, _ path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 failed")
  }

  @Test("a 1 GiB gzip bomb and a zip bomb stop early with a clear error")
  func bombs() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("skycast-bomb-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let gzip = directory.appendingPathComponent("bomb.csv.gz").path
    try Self.python(
      """
      import sys, zlib
      c = zlib.compressobj(6, zlib.DEFLATED, 31)
      with open(sys.argv[1], 'wb') as f:
          for _ in range(1024):
              f.write(c.compress(bytes(1 << 20)))
          f.write(c.flush())
      """, gzip)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: gzip)))
    #expect(bytes.count < 2_000_000)
    #expect(throws: StationFileError.self) { try StationFileBytes.text(bytes) }
    do {
      _ = try StationFileBytes.text(bytes)
    } catch {
      #expect("\(error)".contains("decompression bomb"), "\(error)")
    }
    let zip = directory.appendingPathComponent("bomb.zip").path
    try Self.python(
      """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
          with z.open('produkt_tu_stunde_1.txt', 'w') as f:
              for _ in range(512):
                  f.write(bytes(1 << 20))
      """, zip)
    let zipped = [UInt8](try Data(contentsOf: URL(fileURLWithPath: zip)))
    do {
      _ = try StationFileBytes.text(zipped)
      Issue.record("the zip bomb was read")
    } catch {
      #expect("\(error)".contains("decompression bomb"), "\(error)")
    }
  }

  @Test("an ordinary gzip file is read whole, CR LF lines split")
  func ordinary() throws {
    let text = StationFileBytes.utf8(
      try StationFileBytes.text(
        StationFixtures.bytes("meteostat/derived-legacy-hourly-10637.csv.gz")))
    #expect(!text.isEmpty)
    #expect(StationFileBytes.lines("a;b\r\nc;d\r\n") == ["a;b", "c;d", ""])
  }
}
