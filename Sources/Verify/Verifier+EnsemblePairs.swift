import Store

extension Verifier {
  /// Streams the stored ensemble values that have an observation to `body`, one
  /// ``EnsemblePair`` each: the values `verify --ensemble` scores (same variable, models,
  /// cities, period, observations and leads), by city, model and valid time.
  ///
  /// One value per (city, model, valid time, lead hours): when a run was stored more than once
  /// (collected again, so another fetch), the last in key order (issue, fetch) is kept. verif
  /// keys a row by reference time, lead and location and keeps the last row of a key anyway;
  /// writing each once keeps the file what verif reads.
  ///
  /// - Returns: the number of values handed to `body`.
  @discardableResult
  public func ensemblePairs(
    _ request: EnsembleVerifyRequest, _ body: (EnsemblePair) throws -> Void
  ) throws -> Int {
    var plain = request
    // The pairs carry no reference: skip the climatology ``ensembleObservations`` would fit.
    plain.reference = nil
    let observations = try ensembleObservations(plain)
    let rows = try store.ensembleValueRows(
      variable: request.variable, includePast: request.includePast, referenceModel: nil)
    let wantedModels = Set(request.models)
    let wantedCities = Set(request.cityIDs)
    let series = try store.ensembleSeries().filter {
      (wantedCities.isEmpty || wantedCities.contains($0.cityID))
        && (wantedModels.isEmpty || wantedModels.contains($0.model))
    }
    var count = 0
    for entry in series {
      guard let cityObservations = observations.cities[entry.cityID] else { continue }
      var cursor = 0
      var pending: EnsemblePair?
      try rows.select(cityID: entry.cityID, model: entry.model)
      while try rows.next() {
        guard let row = cityObservations.times.position(of: rows.validAt, cursor: &cursor),
          let members = rows.withMembers({ EnsembleBlob.unpack(Array($0)) }) ?? nil,
          members.contains(where: { !$0.isNaN })
        else { continue }
        let pair = EnsemblePair(
          cityID: entry.cityID, model: entry.model, validAt: rows.validAt,
          leadHours: rows.leadHours, members: members,
          observed: cityObservations.times.value[row])
        if let earlier = pending,
          earlier.validAt != pair.validAt || earlier.leadHours != pair.leadHours
        {
          try body(earlier)
          count += 1
        }
        pending = pair
      }
      if let pending {
        try body(pending)
        count += 1
      }
    }
    return count
  }
}
