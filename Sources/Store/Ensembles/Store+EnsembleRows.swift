internal import SQLiteKit
import SkycastModel

extension Store {
  /// Stores every series of one decoded ensemble location under `fetchID`: one row per model,
  /// variable and valid time, the members packed by `EnsembleBlob`. Steps where every member is
  /// missing are not stored. Returns the rows written (call inside a write transaction).
  public func insertEnsembleRows(
    _ ensemble: EnsembleBlock, fetchID: Int64, cityID: Int64, issuedAt: Int64
  ) throws -> Int {
    let statement = try ensembleInsert()
    try statement.bind(cityID, at: 1)
    try statement.bind(issuedAt, at: 5)
    try statement.bind(fetchID, at: 6)
    var written = 0
    for key in ensemble.steps.keys.sorted() {
      guard let steps = ensemble.steps[key] else { continue }
      try statement.bind(key.model, at: 2)
      try statement.bind(key.variable.column, at: 3)
      for (step, members) in steps.enumerated() where members.contains(where: { !$0.isNaN }) {
        let validAt = ensemble.instants[step]
        try statement.bind(validAt, at: 4)
        try statement.bind(LeadTime.hours(valid: validAt, issued: issuedAt), at: 7)
        try statement.bind(.blob(EnsembleBlob.pack(members)), at: 8)
        try statement.execute()
        written += 1
      }
    }
    return written
  }

  /// One stored ensemble value: `members` of `variable` from `model` at `validAt`, under
  /// `fetchID` (call inside a write transaction, after inserting the fetch row).
  package func insertEnsembleValue(
    cityID: Int64, model: String, variable: WeatherVariable, validAt: Int64, issuedAt: Int64,
    fetchID: Int64, members: [Float]
  ) throws {
    let statement = try ensembleInsert()
    try statement.bind(
      [
        .integer(cityID), .text(model), .text(variable.column), .integer(validAt),
        .integer(issuedAt), .integer(fetchID),
        .integer(LeadTime.hours(valid: validAt, issued: issuedAt)),
        .blob(EnsembleBlob.pack(members)),
      ])
    try statement.execute()
  }

  private func ensembleInsert() throws -> Statement {
    try database.cachedStatement(
      """
      INSERT INTO ensemble_forecasts (city_id, model, variable, valid_at, issued_at, fetch_id,
        lead_hours, members)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """)
  }
}
