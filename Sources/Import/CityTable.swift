/// Values by city id without hashing for the small ids SQLite gives saved cities (an array
/// slot each), a dictionary for any other id. An import looks its city up for every row.
struct CityTable<Value> {
  private var dense: [Value?] = []
  private var sparse: [Int64: Value] = [:]
  /// Ids below this are array slots.
  private static var denseLimit: Int64 { 4096 }

  subscript(id id: Int64) -> Value? {
    get {
      if id >= 0, id < Self.denseLimit {
        return id < dense.count ? dense[Int(id)] : nil
      }
      return sparse[id]
    }
    set {
      if id >= 0, id < Self.denseLimit {
        if Int(id) >= dense.count {
          dense.append(contentsOf: repeatElement(nil, count: Int(id) - dense.count + 1))
        }
        dense[Int(id)] = newValue
      } else {
        sparse[id] = newValue
      }
    }
  }
}
