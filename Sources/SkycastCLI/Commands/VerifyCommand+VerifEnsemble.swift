import Store
import Verify

/// `skycast verify --ensemble --pairs --format verif`: the stored ensemble members as verif's
/// text input (``VerifEnsembleText``), for one model.
extension VerifyCommand {
  /// With `--ensemble`: `--pairs` writes verif's text input, so it needs `--format verif`, and
  /// `--format verif` needs `--pairs`; the file holds one model (verif compares files) and no
  /// scores (the options that choose scores are refused by `rules`).
  /// Writes the file: the header sized to the most members a value of the model has, then one
  /// row per value with an observation.
  static func writeEnsembleVerifText(
    _ request: EnsembleVerifyRequest, verifier: Verifier, invocation: Invocation
  ) throws -> Int32 {
    let store = verifier.store
    let cities = Dictionary(uniqueKeysWithValues: try store.cities().map { ($0.id, $0) })
    let output = try invocation.dataOutput()
    let count = try store.read {
      let members = try store.ensembleMemberCount(
        variable: request.variable, models: request.models, cityIDs: request.cityIDs)
      try output.write(VerifEnsembleText.header(variable: request.variable, members: members))
      return try verifier.ensemblePairs(request) { pair in
        guard let city = cities[pair.cityID] else { return }
        try output.write(VerifEnsembleText.line(pair, city: city, members: members))
      }
    }
    try output.flush()
    if count == 0 {
      invocation.info(
        "no ensemble values matched an observation (check --model, --city, --from/--to and that '\(request.observationSource)' observations cover the valid times)"
      )
    }
    return ExitStatus.success
  }
}
