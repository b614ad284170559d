import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
