#if canImport(Glibc)
  import Glibc
#endif

/// Splits a station file's text into lines as its bytes arrive in chunks of any size, exactly
/// as `StationFileBytes.lines` splits a whole text: on LF, one trailing CR dropped, and the
/// part after the last LF (empty when the text ends with one) as the last line.
///
/// Only the unfinished line is kept between chunks, so memory is one chunk plus one line; a
/// line longer than `maximumLineLength` (no station format comes near it) is refused rather
/// than buffered without end.
///
/// ```swift
/// var splitter = StationLineSplitter()
/// for chunk in chunks { try splitter.feed(chunk) { line, number in … } }
/// try splitter.finish { line, number in … }
/// ```
struct StationLineSplitter {
  /// Receives one line without its terminator and its 1-based number; valid during the call.
  typealias Line = (UnsafeBufferPointer<UInt8>, Int) throws -> Void

  /// The longest line accepted: 1 MiB (a GHCNh line of 329 columns is about 2 KB).
  static let maximumLineLength = 1 << 20

  /// The unfinished line carried over from earlier chunks.
  private var carry: [UInt8] = []
  /// Lines handed out so far.
  private(set) var count = 0
  private let maximumLineLength: Int

  init(maximumLineLength: Int = Self.maximumLineLength) {
    self.maximumLineLength = maximumLineLength
  }

  /// Hands out every line `chunk` completes.
  mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, line: Line) throws {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    var start = 0
    while start < chunk.count {
      guard let found = memchr(base + start, 0x0A, chunk.count - start) else { break }
      let end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
      if carry.isEmpty {
        try emit(UnsafeBufferPointer(rebasing: chunk[start..<end]), line)
      } else {
        carry.append(contentsOf: chunk[start..<end])
        try checkLength()
        let whole = carry
        carry.removeAll(keepingCapacity: true)
        try whole.withUnsafeBufferPointer { try emit($0, line) }
      }
      start = end + 1
    }
    if start < chunk.count {
      carry.append(contentsOf: chunk[start...])
      try checkLength()
    }
  }

  /// Hands out the last line (the text after the last LF, possibly empty).
  mutating func finish(line: Line) throws {
    let rest = carry
    carry = []
    try rest.withUnsafeBufferPointer { try emit($0, line) }
  }

  private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) throws {
    count += 1
    var text = bytes
    if let last = text.last, last == UInt8(ascii: "\r") {
      text = UnsafeBufferPointer(rebasing: text.dropLast())
    }
    guard text.count <= maximumLineLength else { throw tooLong() }
    try line(text, count)
  }

  private func checkLength() throws {
    if carry.count > maximumLineLength + 1 { throw tooLong() }
  }

  private func tooLong() -> StationFileError {
    .line(
      count + (carry.isEmpty ? 0 : 1),
      "longer than \(maximumLineLength >> 20) MiB without a line break: not a station file")
  }
}
