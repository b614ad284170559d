import Collect
import Foundation
import OpenMeteo

/// `skycast collect --ensemble MODEL[,MODEL…]`: the Ensemble API's members instead of the
/// deterministic forecast. A flag rather than a subcommand because everything else is the same
/// job: the same cities, `--min-interval`, `--force`, `--dry-run`, cron line and report.
extension CollectCommand {
  static let ensembleOptions: [OptionSpec] = [
    Options.ensemble.spec,
    SharedOptions.ensembleURL.spec,
  ]

  static func runEnsemble(_ invocation: Invocation) async throws -> Int32 {
    let options = try ensembleRequest(invocation)
    let minInterval = try invocation[Options.minInterval]
    let store = try invocation.openStore()
    let cities = try invocation.cities(in: store)
    let client = try invocation.makeClient()
    if invocation[Options.dryRun] {
      let members = options.models.map { "\($0) \(EnsembleModel.memberCount($0))" }
      return try dryRun(
        invocation, cities: cities, product: EnsembleProduct(options: options),
        batchSize: EnsembleProduct.defaultBatchSize, client: client,
        note: "    members: \(members.joined(separator: ", "))")
    }
    return try await collect(
      EnsembleProduct(options: options), kind: .ensemble,
      batchSize: EnsembleProduct.defaultBatchSize, invocation: invocation, store: store,
      client: client, cities: cities, minInterval: minInterval)
  }

  static func ensembleRequest(_ invocation: Invocation) throws -> EnsembleRequestOptions {
    let models = try invocation[Options.ensemble].map(\.text)
    var options = EnsembleRequestOptions(models: models)
    options.days =
      try invocation[Options.ensembleDays] ?? EnsembleRequestOptions.defaultDays
    let names = invocation[Options.vars]
    if !names.isEmpty {
      let allowed = EnsembleRequestOptions.allowedVariables
      options.variables = try names.map { name in
        guard let variable = allowed.first(where: { $0.apiName == name }) else {
          throw invocation.unknownVariable(name, in: allowed)
        }
        return variable
      }
    }
    return options
  }
}
