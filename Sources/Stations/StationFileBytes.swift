import Foundation
import Inflate

/// A station file's text bytes, unwrapped from gzip or zip by Skycast's own inflate (SPEC §12:
/// CRC-checked, with an output limit per file).
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
        try decoder.decompress(bytes) { output.append(contentsOf: $0) }
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
        return try archive.extract(named: name, outputLimit: limit)
      }
      return bytes
    } catch let error as StationFileError {
      throw error
    } catch {
      throw .compressed("\(error)")
    }
  }

  /// Latin-1 text (DWD's files): every byte is the code point of the same value.
  public static func latin1(_ bytes: [UInt8]) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }

  /// UTF-8 text, invalid sequences replaced (station names in lists are the only non-ASCII).
  public static func utf8(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// The lines of `text`, CR LF or LF, without their terminators. (In a Swift `String`, CR LF
  /// is one `Character`, so splitting on `"\n"` alone would not split DWD's lines.)
  public static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
  }
}
