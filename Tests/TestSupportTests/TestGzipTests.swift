import Foundation
import Inflate
import TestSupport
import Testing

/// The test servers' gzip compressor: what it writes unpacks to the input, with our inflater
/// and with the system's `gzip`, and it compresses.
@Suite struct TestGzipTests {
  static let samples: [[UInt8]] = [
    [],
    Array("a".utf8),
    Array(#"{"hourly":{"temperature_2m":[1.5,1.5,1.5,1.6,1.5,1.5]}}"#.utf8),
    Array(String(repeating: "0123456789,", count: 9_000).utf8),
    (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) },
  ]

  @Test("round trips through the inflater and shrinks JSON", arguments: 0..<samples.count)
  func roundTrip(index: Int) throws {
    let input = Self.samples[index]
    let packed = TestGzip.compress(input)
    #expect(try GzipDecoder.decompress(packed) == input)
    if index == 3 { #expect(packed.count * 10 < input.count) }
  }

  @Test("the system's gzip unpacks it")
  func systemGzip() async throws {
    let gzip = "/usr/bin/gzip"
    // gzip is an essential package on Debian: always there.
    try #require(FileManager.default.isExecutableFile(atPath: gzip))
    let directory = TemporaryDirectory()
    let input = Self.samples[3] + Self.samples[2]
    let path = directory.file("sample.gz")
    try Data(TestGzip.compress(input)).write(to: URL(fileURLWithPath: path))
    let outcome = try await Subprocess.run(gzip, ["-dc", path])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout == String(decoding: input, as: UTF8.self))
  }
}
