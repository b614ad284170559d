import Foundation
import SkycastModel

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of an import file, read a chunk at a time and readable again from the start.
///
/// An import reads its file in chunks so that memory stays flat however long the file is. It may
/// have to read it twice: a file that turns out not to be UTF-8 part-way through is read again
/// as GB18030. A regular file is simply read again; a pipe (`<(…)`) cannot be, so its bytes
/// are first copied to an unlinked temporary file, which disappears when the input is released.
public final class ImportInput {
  private enum Storage {
    case memory([UInt8])
    case file(descriptor: Int32)
  }

  private let storage: Storage
  private var position = 0
  /// The size of the whole file, known once it has been read to its end.
  private(set) var byteCount = 0
  private var hasher = SHA256()
  private var digest: String?

  /// Bytes already in memory (tests, the demo's sample).
  public init(bytes: [UInt8]) {
    storage = .memory(bytes)
  }

  /// Opens the file at `path` (`shown` names it in errors), with the checks of `InputFile.read`.
  public init(path: String, shown: String) throws {
    let descriptor = try InputFile.open(path, shown: shown)
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      // A pipe is read once into a temporary file, which can then be read twice.
      defer { close(descriptor) }
      let temporary = NSTemporaryDirectory() + "skycast-import-\(UUID().uuidString).csv"
      let copy = Glibc.open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard copy >= 0 else {
        throw InputFile.Failure(path: shown, reason: InputFile.reason(errno))
      }
      unlink(temporary)
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = try Self.read(descriptor, into: &chunk, shown: shown)
        if count == 0 { break }
        var written = 0
        while written < count {
          let result = chunk.withUnsafeBytes {
            Glibc.write(copy, $0.baseAddress! + written, count - written)
          }
          guard result > 0 else {
            close(copy)
            throw InputFile.Failure(path: shown, reason: InputFile.reason(errno))
          }
          written += result
        }
      }
      lseek(copy, 0, SEEK_SET)
      storage = .file(descriptor: copy)
      self.shown = shown
      return
    }
    storage = .file(descriptor: descriptor)
    self.shown = shown
  }

  private var shown = ""

  deinit {
    if case .file(let descriptor) = storage { close(descriptor) }
  }

  /// Up to `buffer.count` bytes into `buffer`; 0 at the end. The first full read also counts
  /// the bytes and hashes them for the fetch log.
  package func read(into buffer: inout [UInt8]) throws -> Int {
    let count: Int
    switch storage {
    case .memory(let bytes):
      count = min(buffer.count, bytes.count - position)
      if count > 0 {
        buffer.withUnsafeMutableBufferPointer { target in
          bytes.withUnsafeBufferPointer { source in
            target.baseAddress!.update(from: source.baseAddress! + position, count: count)
          }
        }
      }
    case .file(let descriptor):
      count = try Self.read(descriptor, into: &buffer, shown: shown)
    }
    if digest == nil, position == byteCount {
      buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      byteCount += count
      if count == 0 { digest = hasher.finalize().map { String(format: "%02x", $0) }.joined() }
    }
    position += count
    return count
  }

  /// Starts again from the first byte.
  package func rewind() throws {
    position = 0
    if digest == nil {
      // The last reading stopped early: count and hash again from the start.
      hasher = SHA256()
      byteCount = 0
    }
    if case .file(let descriptor) = storage, lseek(descriptor, 0, SEEK_SET) < 0 {
      throw InputFile.Failure(path: shown, reason: InputFile.reason(errno))
    }
  }

  /// The SHA-256 of the whole file (hex), once it has been read to its end.
  package var sha256: String? { digest }

  private static func read(_ descriptor: Int32, into buffer: inout [UInt8], shown: String) throws
    -> Int
  {
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress, $0.count)
      }
      if count >= 0 { return count }
      if errno != EINTR { throw InputFile.Failure(path: shown, reason: InputFile.reason(errno)) }
    }
  }
}

@available(*, unavailable)
extension ImportInput: Sendable {}
