#if canImport(Glibc)
  import Glibc
#endif

/// Where the fields of one line lie, found on its bytes (`memchr` for the separator) without
/// making a string of every field: a GHCNh line has 238 fields and Skycast reads about 40.
/// The bounds array is reused from line to line.
///
/// A field's text (`subscript`) is the UTF-8 decoding of its bytes, invalid sequences
/// replaced, which is what splitting the decoded line gives: the separator is ASCII, and no
/// byte of a multi-byte sequence is.
struct StationFields {
  /// Start and end offset of each field, in pairs.
  private var bounds: [Int] = []
  private var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

  /// Finds the fields of `line`; valid until the next call, while `line` is.
  mutating func split(_ line: UnsafeBufferPointer<UInt8>, separator: UInt8) {
    self.line = line
    bounds.removeAll(keepingCapacity: true)
    guard let base = line.baseAddress else {
      bounds += [0, 0]
      return
    }
    var start = 0
    while start <= line.count {
      let rest = line.count - start
      if rest > 0, let found = memchr(base + start, Int32(separator), rest) {
        let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        bounds += [start, end]
        start = end + 1
      } else {
        bounds += [start, line.count]
        break
      }
    }
  }

  /// The number of fields (separators + 1).
  var count: Int { bounds.count / 2 }

  /// Field `index` as text.
  subscript(index: Int) -> Substring {
    let bytes = UnsafeBufferPointer(rebasing: line[bounds[2 * index]..<bounds[2 * index + 1]])
    return Substring(String(decoding: bytes, as: UTF8.self))
  }

  /// True for a line of spaces, tabs and CRs only (what `StationText.trim` empties).
  static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
