import OpenMeteo
import SkycastModel
import Store

/// The model run behind one fetch of one model, as `collect` records it in the fetch log: its
/// initialisation and availability times, or why they are unknown.
package struct ModelRunRecord: Sendable, Equatable {
  package var initialisedAt: Int64?
  package var availableAt: Int64?
  package var note: String?

  /// How far a run's availability may lie after the fetch's own clock: the server's clock and
  /// ours may differ by this much (15 minutes).
  package static let clockSkew: Int64 = 900

  /// What the `meta.json` reads before and after the forecast call say of `model`'s run: the
  /// run when both name the same one; nothing, with the reason, for a blend, a run that changed
  /// during the call (the reply may hold either: not guessed), metadata that could not be read,
  /// or a run that cannot be behind a fetch started at `fetchedAt` (initialised after it, or
  /// available more than `clockSkew` after it).
  package static func from(
    model: String, before: Result<ModelRunMeta, APIError>?,
    after: Result<ModelRunMeta, APIError>?, fetchedAt: Int64
  ) -> ModelRunRecord {
    guard ModelRunMeta.domain(forModel: model) != nil else {
      return ModelRunRecord(
        note: "\(model) blends several models' runs, so no single run is behind it")
    }
    switch (before, after) {
    case (.success(let first)?, .success(let second)?):
      guard first.initialisation == second.initialisation else {
        return ModelRunRecord(
          note:
            "the run changed during the call (\(Self.text(first.initialisation)) before, \(Self.text(second.initialisation)) after)"
        )
      }
      if first.initialisation > fetchedAt || first.availability > fetchedAt + clockSkew {
        return ModelRunRecord(
          note:
            "meta.json refused: its run \(Self.text(first.initialisation)), available \(Self.text(first.availability)), is later than this fetch at \(Self.text(fetchedAt))"
        )
      }
      return ModelRunRecord(
        initialisedAt: first.initialisation, availableAt: first.availability, note: nil)
    case (.failure(let error)?, _), (_, .failure(let error)?):
      return ModelRunRecord(note: "no run metadata: \(error)")
    default:
      return ModelRunRecord(note: "no run metadata")
    }
  }

  /// `2026-04-02T06:00Z`.
  static func text(_ epoch: Int64) -> String {
    WallClock.utcMinute(epoch: epoch) + "Z"
  }

  /// Reads `meta.json` of each model that has one, on the forecast host.
  package static func read(models: [String], client: HTTPClient) async -> [String: Result<
    ModelRunMeta, APIError
  >] {
    var result: [String: Result<ModelRunMeta, APIError>] = [:]
    var policy = client.policy
    policy.retries = 0
    for model in models {
      guard let domain = ModelRunMeta.domain(forModel: model) else { continue }
      let request = ModelRunMeta.request(domain: domain, base: client.endpoints.forecast)
      do {
        let (_, meta) = try await client.send(request, policy: policy) {
          try ModelRunMeta.decode($0)
        }
        result[model] = .success(meta)
      } catch let error as APIError {
        result[model] = .failure(error)
      } catch {
        result[model] = .failure(.transport("\(error)"))
      }
    }
    return result
  }
}

extension FetchRecord {
  /// Records the model run behind this fetch (or why it is unknown).
  package mutating func record(_ run: ModelRunRecord?) {
    runAt = run?.initialisedAt
    runAvailableAt = run?.availableAt
    runNote = run?.note
  }
}
