import Foundation
import SkycastModel
import Store

/// What one city's rows did.
public struct ImportCityResult: Sendable, Equatable {
  public var city: City
  /// Valid rows of the city in the file.
  public var rows: Int
  public var counts: UpsertCounts
  /// The `import:NAME` fetch-log row, nil when nothing changed (or `--dry-run`).
  public var fetchID: Int64?
}
