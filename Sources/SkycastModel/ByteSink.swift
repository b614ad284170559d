import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where bytes go: a file descriptor, a file, or memory in tests.
public protocol ByteSink: AnyObject, Sendable {
  /// Writes every byte or throws. A closed pipe throws `OutputError.brokenPipe`.
  func write(_ bytes: UnsafeRawBufferPointer) throws
}
