import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
