/// Where the fields of one line lie, found on its bytes without making a string of every
/// field: a GHCNh line has 238 fields and Skycast reads about 40.
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
    // A plain loop: fields are short (most of a GHCNh line's are empty), so a `memchr` call per
    // field costs more than it saves.
    var start = 0
    for index in 0..<line.count where line[index] == separator {
      bounds.append(start)
      bounds.append(index)
      start = index + 1
    }
    bounds.append(start)
    bounds.append(line.count)
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
