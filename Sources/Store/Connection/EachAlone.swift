extension Store {
  /// `body` for each item in turn, where an SQLite error of one item (a constraint its data
  /// breaks, a value SQLite refuses) becomes that item's failure and the others go on, while a
  /// failure of the file (``StoreError/isAboutTheFile``: a busy lock, a full disk) is rethrown:
  /// every later item would meet it too, and the caller retries or gives up the whole write.
  package static func eachAlone<Item, Value>(
    _ items: [Item], _ body: (Item) throws -> Value
  ) throws -> [Result<Value, any Error>] {
    try items.map { item in
      do {
        return .success(try body(item))
      } catch let error as StoreError where !error.isAboutTheFile {
        return .failure(error)
      }
    }
  }
}
