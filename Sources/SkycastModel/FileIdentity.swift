import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Whether two names mean the same file, by device and inode (so hard links, symbolic links,
/// `..` and `./` spellings all match) or, for a file that does not exist yet, by resolved path.
public enum FileIdentity {
  /// The files of a SQLite database: the file itself and the ones SQLite keeps next to it.
  public static func databaseFiles(_ path: String) -> [String] {
    [path, path + "-wal", path + "-shm", path + "-journal"]
  }

  /// Throws when `path` names one of `databases` or its companion files.
  ///
  /// - Throws: `OutputError.wouldOverwriteDatabase`.
  public static func refuse(_ path: String, ifItIs databases: [String]) throws {
    for database in databases where database != ":memory:" {
      for file in databaseFiles(database) where same(path, file) {
        throw OutputError.wouldOverwriteDatabase(path: path, database: database)
      }
    }
  }

  /// True when `a` and `b` are the same file, or would name the same file once created.
  public static func same(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    if stat(a, &first) == 0, stat(b, &second) == 0 {
      return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
    return resolved(a) == resolved(b)
  }

  /// The absolute path with the folder's symbolic links and `..` resolved (the last component
  /// is kept as written, since it may not exist).
  package static func resolved(_ path: String) -> String {
    let absolute =
      path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
    let folder = (absolute as NSString).deletingLastPathComponent
    let name = (absolute as NSString).lastPathComponent
    guard let real = realpath(folder, nil) else { return (absolute as NSString).standardizingPath }
    defer { free(real) }
    return String(cString: real) + "/" + name
  }
}
