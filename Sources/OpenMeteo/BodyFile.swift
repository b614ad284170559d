import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary file a reply body is written to as it arrives (`HTTPClient.download`), so a
/// large station file never sits in memory: the transport appends each piece, the caller reads
/// the finished file in chunks. The file is removed when the last reference goes.
package final class BodyFile: Sendable {
  /// Where the body is.
  package let path: String
  private let state: Mutex<State>

  private struct State {
    var descriptor: Int32
    var size = 0
  }

  /// Creates an empty file in the system's temporary folder (`TMPDIR` or `/tmp`).
  package init() throws {
    let folder =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    var template = Array((folder + "/skycast-download-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw APIError.transport("cannot create a temporary file in \(folder) (errno \(errno))")
    }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    state = Mutex(State(descriptor: descriptor))
  }

  deinit {
    state.withLock { state in
      close(state.descriptor)
      state.descriptor = -1
    }
    unlink(path)
  }

  /// Removes the file now (the descriptor stays open until the last reference goes: a
  /// transport may still hold this value for a moment after its reply).
  package func remove() {
    unlink(path)
  }

  /// Bytes written so far.
  package var size: Int { state.withLock { $0.size } }

  /// Appends `bytes` at the end.
  package func append(_ bytes: UnsafeRawBufferPointer) throws {
    try state.withLock { state in
      var done = 0
      while done < bytes.count {
        let written = write(state.descriptor, bytes.baseAddress! + done, bytes.count - done)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else {
          throw APIError.transport("cannot write the download to \(path) (errno \(errno))")
        }
        done += written
      }
      state.size += bytes.count
    }
  }

  /// Empties the file (a redirect's body is not the file).
  package func reset() throws {
    try state.withLock { state in
      guard ftruncate(state.descriptor, 0) == 0, lseek(state.descriptor, 0, SEEK_SET) == 0 else {
        throw APIError.transport("cannot empty the download file \(path) (errno \(errno))")
      }
      state.size = 0
    }
  }

  /// The first `count` bytes (an error page's text).
  package func prefix(_ count: Int) -> [UInt8] {
    state.withLock { state in
      var bytes = [UInt8](repeating: 0, count: min(count, state.size))
      let got = bytes.withUnsafeMutableBytes {
        pread(state.descriptor, $0.baseAddress, $0.count, 0)
      }
      return Array(bytes.prefix(max(0, got)))
    }
  }
}
