internal import SQLiteKit
import SkycastModel

/// Rows an observation write touched, per table.
public struct ObservationCounts: Sendable, Equatable {
  public var hourly = UpsertCounts()
  public var daily = UpsertCounts()

  public init(hourly: UpsertCounts = UpsertCounts(), daily: UpsertCounts = UpsertCounts()) {
    self.hourly = hourly
    self.daily = daily
  }

  public var total: UpsertCounts { hourly + daily }
}
