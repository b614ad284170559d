import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
