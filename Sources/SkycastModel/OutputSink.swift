import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where bytes go: a file descriptor, a file, or memory in tests.
public protocol ByteSink: AnyObject, Sendable {
  /// Writes every byte or throws. A closed pipe throws `OutputError.brokenPipe`.
  func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Writing output failed.
public enum OutputError: Error, CustomStringConvertible, Equatable {
  /// The reader went away (`| head`): the command ends quietly.
  case brokenPipe
  /// Any other write error, with `errno`'s text.
  case writeFailed(path: String, reason: String)
  /// The output file is the database (or its `-wal`/`-shm`/`-journal` file).
  case wouldOverwriteDatabase(path: String, database: String)

  public var description: String {
    switch self {
    case .brokenPipe: "output closed"
    case .writeFailed(let path, let reason): "cannot write to \(path): \(reason)"
    case .wouldOverwriteDatabase(let path, let database):
      "refusing to write to \(path): it is the database \(database) or one of its -wal/-shm/-journal files; choose another file name"
    }
  }
}

/// A sink over a file descriptor, written with `write(2)` so `EPIPE` becomes an error instead of
/// a trap (`FileHandle.write(_:)` traps on EPIPE when SIGPIPE is ignored).
public final class FileDescriptorSink: ByteSink {
  public let descriptor: Int32
  public let name: String
  private let closesOnDeinit: Bool

  public init(descriptor: Int32, name: String, closesOnDeinit: Bool = false) {
    self.descriptor = descriptor
    self.name = name
    self.closesOnDeinit = closesOnDeinit
  }

  deinit { if closesOnDeinit { close(descriptor) } }

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard var pointer = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, pointer, remaining)
      #else
        let written = Darwin.write(descriptor, pointer, remaining)
      #endif
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { throw OutputError.brokenPipe }
        throw OutputError.writeFailed(path: name, reason: String(cString: strerror(errno)))
      }
      pointer += written
      remaining -= written
    }
  }
}

/// A sink that keeps everything in memory (tests, and commands that build text first).
public final class MemorySink: ByteSink, @unchecked Sendable {
  // @unchecked: every access to `storage` goes through `lock`.
  private let lock = NSLock()
  private var storage: [UInt8] = []

  public init() {}

  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    lock.lock()
    storage.append(contentsOf: bytes)
    lock.unlock()
  }

  /// Everything written so far.
  public var bytes: [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Everything written so far, as UTF-8 text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}

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
    if buffer.count >= capacity { try flush() }
  }

  /// Appends a control sequence of Skycast's own (`\r`, erase line) as it is, never escaped.
  public func writeControl(_ sequence: String) throws {
    var sequence = sequence
    sequence.withUTF8 { buffer.append(contentsOf: $0) }
    if buffer.count >= capacity { try flush() }
  }

  /// Appends raw bytes.
  public func write<Bytes: Sequence>(bytes: Bytes) throws where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flush() }
  }

  /// Appends one byte.
  @inline(__always)
  public func write(byte: UInt8) throws {
    buffer.append(byte)
    if buffer.count >= capacity { try flush() }
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
    if buffer.count >= capacity { try flush() }
    return result
  }

  /// Writes out everything buffered.
  public func flush() throws {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try sink.write($0) }
  }
}

@available(*, unavailable)
extension TextOutput: Sendable {}
