import Foundation
import SkycastModel

/// One valid row of an import file, in canonical units.
package struct ImportRow {
  package var line: Int
  package var cityID: Int64
  /// Hourly: the valid instant (epoch seconds). Daily: the local date's day number.
  package var time: Int64
  /// Forecasts: the issue time floored to the hour; observations: 0.
  package var issuedAt: Int64
  /// Forecasts: the model; observations: empty.
  package var model: String
  /// One per `ImportLayout.variables`, converted to canonical units.
  package var values: [Double?]

  /// What the target table keys the row on.
  package var key: Key { Key(city: cityID, model: model, issuedAt: issuedAt, time: time) }

  package struct Key: Hashable {
    package var city: Int64
    package var model: String
    package var issuedAt: Int64
    package var time: Int64
  }
}
