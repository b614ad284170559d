import Foundation
import OpenMeteo
import SkycastModel
import Store

/// What storing one city's forecast (or ensemble) reply wrote.
package struct ForecastCounts: Sendable, Equatable {
  /// Data rows stored.
  package var rows: Int
  /// Fetch-log rows written (one per model for the forecast, one for the ensemble).
  package var fetches: Int

  package init(rows: Int, fetches: Int) {
    self.rows = rows
    self.fetches = fetches
  }
}
