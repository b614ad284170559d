import CSQLite

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound text and blobs before `sqlite3_bind_*` returns.
///
/// The C macro is `((sqlite3_destructor_type)-1)`, which Swift does not import.
/// Related SQLite documentation: <https://www.sqlite.org/c3ref/c_static.html>
// swift-format-ignore: AlwaysUseLowerCamelCase
// Named after the C macro it stands for.
let SQLITE_TRANSIENT = unsafeBitCast(
  OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
