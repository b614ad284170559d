extension TikZPath {
  /// Reads the numbers, flags and command letters of SVG path data.
  struct Reader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index >= bytes.count }

    /// Skips white space and commas.
    mutating func skipSeparators() {
      while index < bytes.count, [0x20, 0x2C, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
        index += 1
      }
    }

    /// A command letter, or nil (a number follows: the last command repeats).
    mutating func command() -> Character? {
      skipSeparators()
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte), byte != 0x65,
        byte != 0x45
      else { return nil }
      index += 1
      return Character(UnicodeScalar(byte))
    }

    /// A number (`-3.5`, `.5`, `1e-3`), or nil.
    mutating func number() -> Double? {
      skipSeparators()
      let begin = index
      if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
      var seenDot = false
      var seenDigit = false
      while index < bytes.count {
        let byte = bytes[index]
        if (0x30...0x39).contains(byte) {
          seenDigit = true
        } else if byte == 0x2E && !seenDot {
          seenDot = true
        } else if (byte == 0x65 || byte == 0x45) && seenDigit {
          index += 1
          if index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x2B { index += 1 }
          continue
        } else {
          break
        }
        index += 1
      }
      guard seenDigit else {
        index = begin
        return nil
      }
      return Double(String(decoding: bytes[begin..<index], as: UTF8.self))
    }

    /// An arc flag: `0` or `1`, which may be written without a separator.
    mutating func flag() -> Bool? {
      skipSeparators()
      guard index < bytes.count, bytes[index] == 0x30 || bytes[index] == 0x31 else { return nil }
      index += 1
      return bytes[index - 1] == 0x31
    }
  }
}
