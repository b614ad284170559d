internal import SQLiteKit

extension Store {
  /// The newest fetch id: rows of later fetches are what an appending dataset export adds.
  package func fetchHighWater() throws -> Int64 {
    try database.scalarInt("SELECT max(id) FROM fetches") ?? 0
  }
}
