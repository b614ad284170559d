import CSQLite

extension Database {
  /// How a connection is set up when it opens: the caller's connection policy, passed in rather
  /// than built into the wrapper.
  public struct Configuration: Sendable, Equatable {
    /// SQLite's `journal_mode` values this wrapper switches to.
    public enum JournalMode: String, Sendable {
      case wal = "WAL"
      case delete = "DELETE"
    }

    /// SQLite's `synchronous` levels.
    public enum Synchronous: String, Sendable {
      case off = "OFF"
      case normal = "NORMAL"
      case full = "FULL"
    }

    /// How long a statement waits for another connection's lock, in milliseconds (0: fail at once
    /// with `SQLITE_BUSY`).
    public var busyTimeout: Int32
    /// `PRAGMA foreign_keys`.
    public var foreignKeys: Bool
    /// The journal mode a read-write file is switched to when it opens (the reply is checked,
    /// since a file system without shared memory refuses WAL); nil leaves the file as it is.
    public var journalMode: JournalMode?
    /// `PRAGMA synchronous`, set together with the journal mode; nil keeps the library's default.
    public var synchronous: Synchronous?
    /// `PRAGMA wal_autocheckpoint` in pages, set together with WAL; nil keeps the default (1000).
    public var walAutocheckpointPages: Int?

    public init(
      busyTimeout: Int32 = 0, foreignKeys: Bool = true, journalMode: JournalMode? = nil,
      synchronous: Synchronous? = nil, walAutocheckpointPages: Int? = nil
    ) {
      self.busyTimeout = busyTimeout
      self.foreignKeys = foreignKeys
      self.journalMode = journalMode
      self.synchronous = synchronous
      self.walAutocheckpointPages = walAutocheckpointPages
    }

    /// SQLite's own defaults, with foreign keys on and no busy wait.
    public static let `default` = Configuration()

    /// The same policy without the journal-mode switch: for looking at a file before changing
    /// anything in it (switching to WAL rewrites its header); `applyJournalMode()` finishes later.
    public var deferringJournalMode: Configuration {
      var copy = self
      copy.journalMode = nil
      return copy
    }
  }

  /// Applies `journalMode`, `synchronous` and the autocheckpoint of `configuration` (checking
  /// the journal-mode reply). Does nothing for read-only connections and `:memory:`.
  public func applyJournalMode(_ configuration: Configuration) throws {
    guard mode == .readWrite, path != ":memory:", let wanted = configuration.journalMode else {
      return
    }
    let journal = try scalarText("PRAGMA journal_mode = \(wanted.rawValue)")
    guard journal?.uppercased() == wanted.rawValue else {
      throw failure(
        SQLiteError(
          code: SQLITE_ERROR,
          message:
            "could not switch \(path) to \(wanted.rawValue) (journal_mode is \(journal ?? "unknown"))",
          sql: "PRAGMA journal_mode = \(wanted.rawValue)"))
    }
    if let synchronous = configuration.synchronous {
      try execute("PRAGMA synchronous = \(synchronous.rawValue)")
    }
    if wanted == .wal, let pages = configuration.walAutocheckpointPages {
      _ = try scalar("PRAGMA wal_autocheckpoint = \(pages)")
    }
  }
}
