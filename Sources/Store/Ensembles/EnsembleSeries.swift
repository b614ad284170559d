internal import SQLiteKit
import SkycastModel

/// One stored ensemble series: a city and a model, the leading columns of the
/// `ensemble_forecasts` key.
package struct EnsembleSeries: Hashable, Sendable {
  package var cityID: Int64
  package var model: String

  package init(cityID: Int64, model: String) {
    self.cityID = cityID
    self.model = model
  }
}
