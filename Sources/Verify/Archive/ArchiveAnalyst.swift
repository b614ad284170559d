import SkycastModel
import Store

/// Runs the `archive` analyses, the questions only a kept history of issued forecasts answers:
/// when a forecast locked in (``lockIn(_:rule:)``), when a model's skill changed
/// (``changes(_:observations:leadDay:settings:)``), and how far Open-Meteo's derived archives are
/// from what was served (``audit(_:)``).
public struct ArchiveAnalyst {
  public let store: Store

  public init(store: Store) {
    self.store = store
  }

  /// Each city's display label by id (name, with admin1 where two cities share a name).
  func cityLabels() throws -> [Int64: String] {
    City.labels(try store.cities())
  }
}
