/// A Swift type that can be read from a `SQLiteValue`.
public protocol SQLiteDecodable {
  init?(sqliteValue: SQLiteValue)
}
