import Foundation
internal import SQLiteKit
import SkycastModel

/// Brings a database file to `Schema.currentVersion`.
package enum Migrator {
  /// Migrates in place. A file at an older, non-zero version is first copied with the online
  /// backup API to `<path>.v<N>-<epoch>.bak`, so a failed or unwanted upgrade can be undone.
  /// Call only on a file `SchemaCheck` recognised.
  static func migrate(_ database: Database, path: String, now: Int64) throws {
    let version = try database.userVersion()
    let target = Schema.currentVersion
    if version > target {
      throw StoreError.newerSchema(path: path, found: version, supported: target)
    }
    guard version < target else { return }
    if version > 0, path != ":memory:" {
      // Under a temporary name until complete, so a failed copy never looks like a backup.
      let copy = try AtomicFile(
        path: backupPath(for: path, version: version, now: now), content: .database,
        protecting: [path])
      try database.backup(to: copy.temporaryPath)
      try copy.commit()
    }
    try database.transaction(.immediate) {
      // Re-read inside the write lock: a concurrent process may have migrated meanwhile.
      let locked = try database.userVersion()
      if locked > target {
        throw StoreError.newerSchema(path: path, found: locked, supported: target)
      }
      if locked < 0 {
        throw StoreError.foreign(
          path: path, reason: "its schema version is \(locked), which Skycast never writes")
      }
      guard locked < target else { return }
      for step in locked..<target {
        try database.execute(Schema.migrations[step])
      }
      try database.setUserVersion(target)
    }
  }

  /// Where the pre-migration backup goes.
  package static func backupPath(for path: String, version: Int, now: Int64) -> String {
    "\(path).v\(version)-\(now).bak"
  }

  /// Applies migrations up to `version` only (tests build older files with it).
  static func migrate(_ database: Database, to version: Int) throws {
    try database.transaction(.immediate) {
      let current = try database.userVersion()
      for step in max(0, current)..<max(current, version) {
        try database.execute(Schema.migrations[step])
      }
      try database.setUserVersion(version)
    }
  }
}
