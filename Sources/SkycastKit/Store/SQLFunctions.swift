import SQLiteKit

/// Registers Skycast's SQL functions on a connection (every connection the kit opens).
public enum SQLFunctions {
  public static func register(on database: Database) throws {
  }
}
