import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole input file (an import), saying exactly what is wrong when it cannot.
///
/// Regular files and pipes (`<(…)`, `/dev/stdin` from a pipe) are read; devices such as
/// `/dev/zero` (endless), sockets and folders are refused with what they are, and a failure to
/// open reports the system's reason rather than a guess.
public enum InputFile {
  /// Why a file cannot be read.
  public struct Failure: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as the user gave it.
    public let path: String
    public let reason: String

    public var description: String { "cannot read \(path): \(reason)" }

    /// Creates a value from all its stored properties.
    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// The bytes of the file at `path` (`shown` names it in errors).
  public static func read(_ path: String, shown: String) throws -> [UInt8] {
    let descriptor = try open(path, shown: shown)
    defer { close(descriptor) }
    var info = stat()
    var bytes: [UInt8] = []
    if fstat(descriptor, &info) == 0 { bytes.reserveCapacity(max(0, Int(info.st_size))) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(path: shown, reason: reason(errno))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Opens the file at `path` for reading after the same checks as `read`; the caller closes
  /// the descriptor.
  package static func open(_ path: String, shown: String) throws -> Int32 {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw Failure(path: shown, reason: reason(errno))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFIFO: break
    case S_IFDIR: throw Failure(path: shown, reason: "it is a folder")
    case S_IFCHR, S_IFBLK:
      throw Failure(path: shown, reason: "it is a device, not a file; give the path of a CSV file")
    case S_IFSOCK: throw Failure(path: shown, reason: "it is a socket, not a file")
    default: throw Failure(path: shown, reason: "it is not a regular file")
    }
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(path: shown, reason: reason(errno)) }
    return descriptor
  }

  package static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: "no such file"
    case EACCES: "permission denied"
    case EISDIR: "it is a folder"
    default: String(cString: strerror(code)).lowercased()
    }
  }
}
