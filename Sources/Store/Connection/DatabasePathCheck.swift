import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What is wrong with a database path before SQLite gets to it, in words: SQLite would say
/// "unable to open database file" for a folder, and a device such as `/dev/null` opens fine and
/// only fails at the first COMMIT with "disk I/O error".
public enum DatabasePathCheck {
  /// Nil when `path` names a regular file, or nothing yet; else why it cannot be the database.
  public static func problem(_ path: String) -> String? {
    guard path != ":memory:" else { return nil }
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR:
      return "it is a folder; give a file path such as "
        + (path.hasSuffix("/") ? path : path + "/") + "skycast.sqlite"
    default:
      return "it is not a regular file (a device, pipe or socket); give the path of a file"
    }
  }
}
