import SkycastModel

/// The mean and mean square of one city's observations in one calendar month and local hour.
package struct ObservationNormalRow: Sendable {
  package var cityID: Int64
  /// `MM`.
  package var month: String
  package var hour: Int64
  package var mean: Double
  package var meanSquare: Double
}
