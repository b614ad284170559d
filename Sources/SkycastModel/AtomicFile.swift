import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file that appears under its name only when it is complete: the one way Skycast creates
/// output files (`-o`, `--split-by` parts, `db backup`, the backup before a migration).
///
/// Everything is written to a hidden temporary file in the same folder
/// (`.NAME.<random>.tmp`), which `commit()` renames over the final name. Until then the old
/// file (if any) stays as it was; `discard()`, or releasing the object uncommitted, removes the
/// temporary file. So an error half-way, a full disk or `kill -9` never leaves a truncated file
/// under the final name (a killed process may leave its hidden temporary file behind).
///
/// A symbolic link at the final name is replaced by the new file, not written through: the
/// rename acts on the name. Targets that are streams rather than files (a terminal,
/// `/dev/null`, a FIFO, `/dev/stdout`) cannot be replaced and are written directly.
///
/// ```swift
/// let file = try AtomicFile(path: "/data/berlin.csv", protecting: [databasePath])
/// let output = TextOutput(file.sink!)
/// try output.write("city,time\r\n")
/// try output.flush()
/// try file.commit()
/// ```
public final class AtomicFile {
  /// What the temporary file is for.
  public enum Content: Sendable {
    /// Bytes written through `sink`.
    case stream
    /// An empty file another writer (SQLite) fills through `temporaryPath`.
    case database
  }

  /// The final name.
  public let path: String
  /// Where the content is written until `commit()`; equal to `path` for a direct stream.
  public let temporaryPath: String
  /// True when the target is a device or FIFO, written in place.
  public let isDirect: Bool
  /// The open file for `.stream` content; nil for `.database`.
  public let sink: FileDescriptorSink?
  private var finished = false

  /// Creates the temporary file next to `path`.
  ///
  /// - Parameters:
  ///   - path: the final name (absolute, or relative to the process's working directory).
  ///   - content: `.stream` opens the file for `sink`; `.database` leaves it empty and closed.
  ///   - protecting: database files that must never be the target; their `-wal`, `-shm` and
  ///     `-journal` files are protected too. Compared by device and inode when the target
  ///     exists (hard and symbolic links included), and by resolved path otherwise.
  /// - Throws: `OutputError` when the target is a folder or a protected file, or the
  ///   temporary file cannot be created.
  public init(path: String, content: Content = .stream, protecting: [String] = []) throws {
    self.path = path
    try FileIdentity.refuse(path, ifItIs: protecting)
    var target = stat()
    if stat(path, &target) == 0 {
      switch target.st_mode & S_IFMT {
      case S_IFDIR:
        throw OutputError.writeFailed(path: path, reason: "it is a folder")
      case S_IFREG:
        break
      default:
        guard content == .stream else {
          throw OutputError.writeFailed(path: path, reason: "it is not a regular file")
        }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
          throw OutputError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        temporaryPath = path
        isDirect = true
        sink = FileDescriptorSink(descriptor: descriptor, name: path, closesOnDeinit: true)
        return
      }
    }
    isDirect = false
    let folder = (path as NSString).deletingLastPathComponent
    let (temporary, descriptor) = try Self.createTemporary(
      folder: folder.isEmpty ? "." : folder, name: (path as NSString).lastPathComponent,
      finalPath: path)
    temporaryPath = temporary
    // A replaced file keeps its permissions (a private export stays private).
    var existing = stat()
    if lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
      fchmod(descriptor, existing.st_mode & 0o7777)
    }
    if content == .stream {
      sink = FileDescriptorSink(descriptor: descriptor, name: path, closesOnDeinit: true)
    } else {
      close(descriptor)
      sink = nil
    }
  }

  deinit { if !finished { discard() } }

  /// Makes the content visible under `path`, replacing what was there.
  ///
  /// - Throws: `OutputError` when the data cannot be flushed to disk or the rename fails (the
  ///   temporary file is then removed and the old file is untouched).
  public func commit() throws {
    try Self.commitAll([self])
  }

  /// Makes every file's content visible under its name, or none: a rename that fails (a name
  /// too long for the file system, a folder that vanished) puts back the files already moved
  /// (the old content of a replaced file, or no file where there was none) and removes every
  /// temporary file. `--split-by` writes its parts through this, so a failed export never
  /// leaves some parts new and others old.
  ///
  /// The old content of a replaced file is kept under a hard link until all renames are done,
  /// so the final name is never missing, even for a moment.
  ///
  /// - Throws: `OutputError` naming the file that could not be written.
  public static func commitAll(_ files: [AtomicFile]) throws {
    let pending = files.filter { !$0.finished }
    for file in pending where !file.isDirect {
      if let sink = file.sink, fsync(sink.descriptor) != 0 {
        let reason = String(cString: strerror(errno))
        for other in pending { other.discard() }
        throw OutputError.writeFailed(path: file.path, reason: reason)
      }
    }
    var moved: [(file: AtomicFile, backup: String?)] = []
    // A lone file has nothing to put back: its rename replaces the old content or fails.
    let keepsBackups = pending.count { !$0.isDirect } > 1
    for file in pending where !file.isDirect {
      var backup: String?
      var existing = stat()
      if keepsBackups, lstat(file.path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
        let name = file.temporaryPath + ".old"
        backup = link(file.path, name) == 0 ? name : nil
      }
      guard rename(file.temporaryPath, file.path) == 0 else {
        let reason = String(cString: strerror(errno))
        if let backup { unlink(backup) }
        for (done, old) in moved.reversed() {
          if let old { rename(old, done.path) } else { unlink(done.path) }
        }
        for other in pending { other.discard() }
        throw OutputError.writeFailed(path: file.path, reason: reason)
      }
      moved.append((file, backup))
    }
    for (_, backup) in moved { if let backup { unlink(backup) } }
    for file in pending { file.finished = true }
  }

  /// Removes the temporary file (and any SQLite journal next to it); the final name keeps its
  /// old content. Safe to call more than once.
  public func discard() {
    guard !finished else { return }
    finished = true
    guard !isDirect else { return }
    unlink(temporaryPath)
    for suffix in ["-journal", "-wal", "-shm"] { unlink(temporaryPath + suffix) }
  }

  /// `O_EXCL` with a random name, so two runs never share a temporary file and a symbolic link
  /// planted at the temporary name is never followed.
  private static func createTemporary(folder: String, name: String, finalPath: String) throws
    -> (String, Int32)
  {
    var stem = name
    while stem.utf8.count > 200 { stem.removeLast() }
    for _ in 0..<100 {
      let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
      let candidate = folder + "/." + stem + "." + random + ".tmp"
      let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if descriptor >= 0 { return (candidate, descriptor) }
      if errno != EEXIST {
        throw OutputError.writeFailed(path: finalPath, reason: String(cString: strerror(errno)))
      }
    }
    throw OutputError.writeFailed(path: finalPath, reason: "cannot create a temporary file")
  }
}

@available(*, unavailable)
extension AtomicFile: Sendable {}
