import SQLiteKit

extension Store {
  /// `body` for each item in turn, where an SQLite error of one item (a constraint its data
  /// breaks, a value SQLite refuses) becomes that item's failure and the others go on, while a
  /// busy database (`SQLITE_BUSY`, another process's write lock) is rethrown: every later item
  /// would meet the same lock, and the caller retries the whole write.
  package static func eachAlone<Item, Value>(
    _ items: [Item], _ body: (Item) throws -> Value
  ) throws -> [Result<Value, any Error>] {
    try items.map { item in
      do {
        return .success(try body(item))
      } catch let error as SQLiteError where error.isBusy {
        throw error
      } catch let error as SQLiteError {
        return .failure(error)
      }
    }
  }
}
