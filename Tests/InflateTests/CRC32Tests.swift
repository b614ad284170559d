import Foundation
import Inflate
import Testing

/// CRC-32 against the standard check value and python's zlib.crc32.
@Suite struct CRC32Tests {
  /// "123456789" gives the catalogued check value 0xCBF43926; no bytes give 0.
  @Test func checkValue() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32().value == 0)
  }

  /// Updating piece by piece, at every split and alignment, equals one update.
  @Test func incrementalUpdatesAgree() {
    var generator = SeededGenerator(seed: 5)
    let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let whole = CRC32.checksum(bytes)
    for split in 0...40 {
      var crc = CRC32()
      crc.update(bytes[..<split])
      crc.update(bytes[split...])
      #expect(crc.value == whole, "split at \(split)")
    }
    #expect(CRC32.checksum(Data(bytes)) == whole)
  }

  /// The checksum of each corpus file matches the one python records in gzip trailers.
  @Test func matchesZlib() throws {
    guard let corpus = try Corpus.load() else { return }
    let gzip = try corpus.bytes("padded.gz")
    let trailer = gzip.count - 1000 - 8
    let recorded = (0..<4).reduce(UInt32(0)) { $0 | UInt32(gzip[trailer + $1]) << (8 * $1) }
    #expect(CRC32.checksum(try corpus.bytes("text.raw")) == recorded)
  }
}
