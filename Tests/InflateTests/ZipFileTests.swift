import Foundation
import Inflate
import Testing

/// Zip archives read from a file (`ZipFile`): the same directory, entries and errors as the
/// in-memory `ZipArchive`, with the entry's data streamed in chunks of any size.
@Suite struct ZipFileTests {
  /// `archive.zip` of the python corpus, written to a file.
  private func archiveFile(_ corpus: Corpus, scratch: ScratchDirectory, cut: Int? = nil) throws
    -> String
  {
    var bytes = try corpus.bytes("archive.zip")
    if let cut { bytes = Array(bytes[..<cut]) }
    let path = scratch.path + "/archive.zip"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Every entry streamed from the file in chunks of 1, 7 and 64 KiB equals the in-memory one.
  @Test(arguments: [1, 7, 65_536])
  func streamsEveryEntry(chunkSize: Int) throws {
    guard let corpus = try Corpus.load() else { return }
    let scratch = try ScratchDirectory()
    let memory = try ZipArchive(try corpus.bytes("archive.zip"))
    let file = try ZipFile(path: try archiveFile(corpus, scratch: scratch), chunkSize: chunkSize)
    #expect(file.entries == memory.entries)
    for entry in file.entries {
      var bytes: [UInt8] = []
      try file.extract(entry) { bytes.append(contentsOf: $0) }
      #expect(bytes == (try memory.extract(entry)), "\(entry.name)")
    }
  }

  /// A file cut short has no end record: the error says so.
  @Test func truncatedArchive() throws {
    guard let corpus = try Corpus.load() else { return }
    let scratch = try ScratchDirectory()
    let whole = try corpus.bytes("archive.zip").count
    let path = try archiveFile(corpus, scratch: scratch, cut: whole / 2)
    #expect {
      _ = try ZipFile(path: path)
    } throws: { error in
      "\(error)".contains("end-of-central-directory")
    }
  }

  /// An entry whose data the file no longer holds (its size patched larger) fails clearly.
  @Test func dataPastTheDirectory() throws {
    guard let corpus = try Corpus.load() else { return }
    let scratch = try ScratchDirectory()
    let file = try ZipFile(path: try archiveFile(corpus, scratch: scratch))
    let entry = file.entries[1]
    let longer = ZipEntry(
      name: entry.name, method: entry.method, flags: entry.flags, crc32: entry.crc32,
      compressedSize: file.size, uncompressedSize: entry.uncompressedSize,
      localHeaderOffset: entry.localHeaderOffset)
    #expect(throws: InflateError.self) { try file.extract(longer) { _ in } }
  }

  /// A missing file is a clear error, not a crash.
  @Test func missingFile() {
    #expect(throws: InflateError.corruptZip("cannot open /nonexistent/skycast.zip")) {
      _ = try ZipFile(path: "/nonexistent/skycast.zip")
    }
  }
}
