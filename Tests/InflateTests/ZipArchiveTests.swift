import Foundation
import Inflate
import Testing

/// Zip archives written by python's zipfile: directory, extraction and errors.
@Suite struct ZipArchiveTests {
  /// The entries python wrote, in order, with their expected contents.
  private func expected(_ corpus: Corpus) throws -> [(name: String, bytes: [UInt8])] {
    let names = String(decoding: try corpus.bytes("archive.names"), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    return try names.enumerated().map { ($1, try corpus.bytes("archive.\($0).raw")) }
  }

  /// Patches a little-endian 32-bit field.
  private func patch(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  /// Offset of the central directory header of entry `index`, found through the end record.
  private func centralHeader(_ bytes: [UInt8], _ index: Int) -> Int {
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    let end = (0...(bytes.count - 22)).last {
      bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 5 && bytes[$0 + 3] == 6
    }!
    var position = u16(end + 16) | u16(end + 18) << 16
    for _ in 0..<index {
      position += 46 + u16(position + 28) + u16(position + 30) + u16(position + 32)
    }
    return position
  }

  /// The directory lists every entry with its name, method and sizes, and the comment.
  @Test func readsTheDirectory() throws {
    guard let corpus = try Corpus.load() else { return }
    let archive = try ZipArchive(Data(try corpus.bytes("archive.zip")))
    let expected = try expected(corpus)
    #expect(archive.entries.map(\.name) == expected.map(\.name))
    #expect(archive.entries.map(\.uncompressedSize) == expected.map(\.bytes.count))
    #expect(archive.entries.map(\.method) == [0, 8, 8, 8, 0, 0, 8])
    #expect(archive.entries.map(\.isDirectory) == [false, false, false, false, true, false, false])
    #expect(archive.comment == Array("DWD test archive".utf8))
    #expect(archive.entry(named: "sub/Ünïcode.txt")?.crc32 == CRC32.checksum(Array("grüße".utf8)))
  }

  /// Every entry, stored or deflated, extracts to python's original, by name or prefix.
  @Test func extractsEveryEntry() throws {
    guard let corpus = try Corpus.load() else { return }
    let archive = try ZipArchive(try corpus.bytes("archive.zip"))
    for (name, bytes) in try expected(corpus) {
      #expect(try archive.extract(named: name) == bytes, "\(name)")
    }
    let product = try archive.extract(firstWithPrefix: "produkt_")
    #expect(product == (try expected(corpus)[1].bytes))
    #expect(archive.entry(withPrefix: "sub")?.name == "sub/Ünïcode.txt")
  }

  /// Streaming extraction hands out bounded pieces that add up to the entry.
  @Test func extractsInPieces() throws {
    guard let corpus = try Corpus.load() else { return }
    let archive = try ZipArchive(try corpus.bytes("archive.zip"))
    let entry = try #require(archive.entry(named: "zeros.bin"))
    var total = 0
    var largest = 0
    try archive.extract(entry) { piece in
      total += piece.count
      largest = max(largest, piece.count)
    }
    #expect(total == 5_000_000)
    #expect(largest <= 256 * 1024)
  }

  /// Missing entries, other methods, ZIP64 and non-zip data fail with clear errors.
  @Test func refusesWhatItCannotRead() throws {
    guard let corpus = try Corpus.load() else { return }
    let archive = try ZipArchive(try corpus.bytes("archive.zip"))
    #expect(
      inflateError { _ = try archive.extract(named: "nope.txt") } == .entryNotFound("nope.txt"))
    #expect(
      inflateError { _ = try archive.extract(firstWithPrefix: "x_") } == .entryNotFound("x_*"))

    let bzip2 = try ZipArchive(try corpus.bytes("bzip2.zip"))
    #expect(
      inflateError { _ = try bzip2.extract(named: "data.bz2.txt") } == .unsupportedZipMethod(12))

    var zip64 = try corpus.bytes("archive.zip")
    patch(&zip64, at: centralHeader(zip64, 2) + 20, 0xFFFF_FFFF)
    #expect(inflateError { _ = try ZipArchive(zip64) } == .zip64Unsupported)

    guard case .corruptZip = inflateError({ _ = try ZipArchive(Array("not a zip".utf8)) }) else {
      Issue.record("text was accepted as a zip archive")
      return
    }
    let truncated = Array(try corpus.bytes("archive.zip").dropLast(30))
    guard case .corruptZip = inflateError({ _ = try ZipArchive(truncated) }) else {
      Issue.record("an archive without its end record was accepted")
      return
    }
  }

  /// A damaged CRC or size in the directory is caught when extracting.
  @Test func checksCRCAndSize() throws {
    guard let corpus = try Corpus.load() else { return }
    let original = try corpus.bytes("archive.zip")
    let text = try expected(corpus)[2].bytes
    let crc = CRC32.checksum(text)
    var badCRC = original
    patch(&badCRC, at: centralHeader(original, 2) + 16, crc ^ 0x8000_0000)
    #expect(
      inflateError { _ = try ZipArchive(badCRC).extract(named: expected(corpus)[2].name) }
        == .crcMismatch(expected: crc ^ 0x8000_0000, actual: crc))
    var badSize = original
    patch(&badSize, at: centralHeader(original, 2) + 24, UInt32(text.count + 1))
    #expect(
      inflateError { _ = try ZipArchive(badSize).extract(named: expected(corpus)[2].name) }
        == .sizeMismatch(expected: text.count + 1, actual: text.count))
  }

  /// The output limit holds both when the directory admits the size and when it lies about it.
  @Test func outputLimitHolds() throws {
    guard let corpus = try Corpus.load() else { return }
    let original = try corpus.bytes("archive.zip")
    let archive = try ZipArchive(original)
    let limit = 1_000_000
    #expect(
      inflateError { _ = try archive.extract(named: "zeros.bin", outputLimit: limit) }
        == .outputLimit(limit))
    var lying = original
    patch(&lying, at: centralHeader(original, 6) + 24, 1000)
    var delivered = 0
    let error = inflateError {
      let entry = try #require(try ZipArchive(lying).entry(named: "zeros.bin"))
      try ZipArchive(lying).extract(entry, outputLimit: limit) { delivered += $0.count }
    }
    #expect(error == .outputLimit(limit))
    #expect(delivered <= limit)
  }
}
