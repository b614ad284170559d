import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Buffered text output over a sink: the one way commands write stdout, stderr and `-o` files.
///
/// Buffers up to 64 KiB so exports make few system calls; `flush()` is called by the CLI after
/// each command and before anything is written to the other stream.
///
/// A terminal-safe output (standard error) passes all text through
/// `TerminalSafe.escape(_:keepingNewlines:)`, so no message can send a raw control or bidi
/// character to the terminal whatever it quotes; the only raw controls are the ones Skycast
/// writes itself with `writeControl(_:)`.
public final class TextOutput {
  public let sink: any ByteSink
  /// True when text is escaped for a terminal (see `TerminalSafe`).
  public let isTerminalSafe: Bool
  /// True when the data written (CSV, JSON, Markdown or LaTeX rows, whose writers keep cells
  /// exact and take the fast byte paths) goes to a terminal: every byte is escaped as it is
  /// flushed (`TerminalSafe.escape`, line breaks kept), so a city's OSC or bidi characters are
  /// shown, never obeyed. Files and pipes never set it and get the exact data.
  public var escapesDataForTerminal = false
  private var buffer: [UInt8] = []
  private let capacity: Int

  public init(_ sink: any ByteSink, capacity: Int = 1 << 16, terminalSafe: Bool = false) {
    self.sink = sink
    self.capacity = capacity
    self.isTerminalSafe = terminalSafe
    buffer.reserveCapacity(capacity)
  }

  /// Appends text (escaped for a terminal, line breaks kept, when the output is terminal-safe).
  public func write(_ text: String) throws {
    var text = isTerminalSafe ? TerminalSafe.escape(text, keepingNewlines: true) : text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    if buffer.count >= capacity { try flushFull() }
  }

  /// Appends a control sequence of Skycast's own (`\r`, erase line) as it is, never escaped.
  public func writeControl(_ sequence: String) throws {
    var sequence = sequence
    sequence.withUTF8 { buffer.append(contentsOf: $0) }
    if buffer.count >= capacity { try flushFull() }
  }

  /// Appends raw bytes.
  public func write<Bytes: Sequence>(bytes: Bytes) throws where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flushFull() }
  }

  /// Appends one byte.
  @inline(__always)
  public func write(byte: UInt8) throws {
    buffer.append(byte)
    if buffer.count >= capacity { try flushFull() }
  }

  /// Appends a line and a `\n`.
  public func line(_ text: String = "") throws {
    try write(text)
    try write(byte: 0x0A)
  }

  /// Gives direct access to the pending buffer (hot paths append without intermediate Strings).
  @inline(__always)
  public func withBuffer<T>(_ body: (inout [UInt8]) throws -> T) throws -> T {
    let result = try body(&buffer)
    if buffer.count >= capacity { try flushFull() }
    return result
  }

  /// Writes out everything buffered.
  public func flush() throws {
    guard !buffer.isEmpty else { return }
    if escapesDataForTerminal { return try flushEscaped(upTo: buffer.count) }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try sink.write($0) }
  }

  /// The flush of a full buffer: when escaping, a character cut by the buffer's end waits for
  /// its remaining bytes (a C1 or bidi control is two or three bytes in UTF-8).
  private func flushFull() throws {
    guard escapesDataForTerminal else { return try flush() }
    try flushEscaped(upTo: Self.completeCharacters(buffer))
  }

  /// Writes `buffer[..<end]` escaped for a terminal and keeps the rest. CSV's CRLF line ends
  /// stay line ends; any other CR is escaped.
  private func flushEscaped(upTo end: Int) throws {
    let text = String(decoding: buffer[..<end], as: UTF8.self)
    var escaped = text.split(separator: "\r\n", omittingEmptySubsequences: false)
      .map { TerminalSafe.escape(String($0), keepingNewlines: true) }.joined(separator: "\r\n")
    try escaped.withUTF8 { try sink.write(UnsafeRawBufferPointer($0)) }
    buffer.removeFirst(end)
  }

  /// The length of the longest prefix of `bytes` that ends on a whole UTF-8 character (and
  /// not on a CR, which may start a CRLF).
  static func completeCharacters(_ bytes: [UInt8]) -> Int {
    if bytes.last == 0x0D { return bytes.count - 1 }
    var start = bytes.count
    // The last lead byte, at most three bytes back.
    while start > 0, bytes.count - start < 4 {
      start -= 1
      let byte = bytes[start]
      guard byte & 0xC0 == 0x80 else {
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return bytes.count - start >= length ? bytes.count : start
      }
    }
    return bytes.count
  }
}
