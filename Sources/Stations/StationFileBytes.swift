import Foundation
import Inflate

/// A station file's text bytes, unwrapped from gzip or zip by Skycast's own inflate
/// (CRC-checked, with an output limit per file).
public enum StationFileBytes {
  /// The default output limit of one decompressed file: 2 GiB, above any real station archive.
  public static let defaultLimit = 2 << 30

  /// The text of `bytes`: gunzipped when it starts with gzip's magic, the entry `pick` chooses
  /// when it is a zip archive, else as given.
  ///
  /// - Parameter pick: chooses the zip entry to read from the entry names (DWD archives hold
  ///   one `produkt_*.txt` among metadata files); nil when none fits.
  public static func text(
    _ bytes: [UInt8], limit: Int = defaultLimit, pick: ([String]) -> String? = { $0.first }
  ) throws(StationFileError) -> [UInt8] {
    do {
      if bytes.starts(with: [0x1f, 0x8b]) {
        var decoder = GzipDecoder(outputLimit: limit)
        var output: [UInt8] = []
        // Fed in slices, so a bomb is caught by its expansion long before the output limit.
        var fed = 0
        while fed < bytes.count {
          let end = min(bytes.count, fed + 16_384)
          try decoder.decompress(bytes[fed..<end]) { output.append(contentsOf: $0) }
          fed = end
          try checkExpansion(output: output.count, input: fed)
        }
        try decoder.finish()
        return output
      }
      if bytes.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
        let archive = try ZipArchive(bytes)
        let names = archive.entries.map(\.name)
        guard let name = pick(names) else {
          throw StationFileError.format(
            "the zip archive has no entry to read (entries: \(names.joined(separator: ", ")))")
        }
        guard let entry = archive.entry(named: name) else {
          throw StationFileError.format("the zip archive has no entry \(name)")
        }
        // A zip entry is decoded whole: its expansion is bounded by its compressed size.
        let bound = max(expansionFloor, maximumExpansion * max(1, entry.compressedSize))
        if entry.uncompressedSize > bound {
          throw StationFileError.compressed(bombMessage(name: name))
        }
        do {
          return try archive.extract(entry, outputLimit: min(limit, bound))
        } catch InflateError.outputLimit(let reached) where reached < limit {
          throw StationFileError.compressed(bombMessage(name: name))
        }
      }
      return bytes
    } catch let error as StationFileError {
      throw error
    } catch {
      throw .compressed("\(error)")
    }
  }

  /// Text expands at most this many times under DEFLATE in practice (station CSV and pipe
  /// files: 5–40×); beyond it, and past `expansionFloor`, a file is a decompression bomb.
  public static let maximumExpansion = 100
  /// Output below which expansion is not judged (small, very regular files compress well).
  public static let expansionFloor = 32 << 20

  static func checkExpansion(output: Int, input: Int) throws(StationFileError) {
    if output > expansionFloor, output > maximumExpansion * input {
      throw .compressed(bombMessage(name: nil))
    }
  }

  static func bombMessage(name: String?) -> String {
    "\(name.map { "zip entry \($0) " } ?? "")expands more than \(maximumExpansion)-fold past \(expansionFloor >> 20) MiB: a decompression bomb, not a station file; nothing was read"
  }

  /// The bytes of the file at `path` read into one array (no intermediate `Data`), nil when it
  /// cannot be opened or read.
  public static func contents(atPath path: String) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let end = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil else {
      return nil
    }
    let size = Int(end)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      let descriptor = handle.fileDescriptor
      while count < size {
        let got = read(descriptor, buffer.baseAddress! + count, size - count)
        if got <= 0 {
          failed = got < 0
          break
        }
        count += got
      }
    }
    return failed ? nil : bytes
  }

  /// Latin-1 text (DWD's files): every byte is the code point of the same value.
  public static func latin1(_ bytes: [UInt8]) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// Latin-1 text of one line; ASCII (nearly every line) is taken as it is.
  static func latin1(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// UTF-8 text, invalid sequences replaced (station names in lists are the only non-ASCII).
  public static func utf8(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// The lines of `text`, CR LF or LF, without their terminators. (In a Swift `String`, CR LF
  /// is one `Character`, so splitting on `"\n"` alone would not split DWD's lines.)
  public static func lines(_ text: String) -> [Substring] {
    // Split on the LF byte: a `Character`-wise split would run grapheme breaking over the
    // whole file (CR LF is one Character), several times slower on large files.
    var lines = StationText.fields(Substring(text), "\n")
    for index in lines.indices where lines[index].utf8.last == UInt8(ascii: "\r") {
      lines[index] = lines[index].dropLast()
    }
    return lines
  }
}
