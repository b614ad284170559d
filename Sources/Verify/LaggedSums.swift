import Analysis
import SkycastModel
import Store

/// One group's sums of `verify --lagged`: the ensemble's (shared with `--ensemble`), its fair
/// CRPS, and the newest issue's errors.
struct LaggedSums {
  var ensemble = EnsembleSums()
  var fairCRPS = 0.0
  var latestError = 0.0
  var latestAbsolute = 0.0
  var latestSquared = 0.0
  /// The stored ensemble's sums on the same cases (none without `--ensemble-model`).
  var real = EnsembleSums()
  var realFairCRPS = 0.0

  mutating func add(
    _ scored: EnsembleCase, fair: EnsembleCase, latest: Double, observation: Double, rank: Int,
    real value: StoredEnsembleCases.Value?
  ) {
    if let value {
      real.add(value.scored, observation: observation, referenceCRPS: nil, rank: nil)
      realFairCRPS += value.fairCRPS ?? 0
    }
    ensemble.add(scored, observation: observation, referenceCRPS: nil, rank: rank)
    fairCRPS += fair.crps ?? 0
    let error = latest - observation
    latestError += error
    latestAbsolute += abs(error)
    latestSquared += error * error
  }
}
