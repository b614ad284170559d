internal import SQLiteKit

extension Store {
  /// Deletes the fetch-log row an import inserted for a city whose rows changed nothing, so a
  /// repeated import leaves the database as it was. Call inside the import's write transaction.
  package func deleteImportFetch(id: Int64) throws {
    try database.run("DELETE FROM fetches WHERE id = ?", [.integer(id)])
  }

  /// Completes an import's fetch-log row once the whole file has been read: the models of the
  /// city's rows (comma-separated), the file's byte count and SHA-256, and the rows changed.
  package func completeImportFetch(
    id: Int64, model: String, bytes: Int, sha256: String, rows: Int
  ) throws {
    try database.run(
      "UPDATE fetches SET model = ?, bytes = ?, body_sha256 = ?, rows = ? WHERE id = ?",
      [
        .text(model), .integer(Int64(bytes)), .text(sha256), .integer(Int64(rows)),
        .integer(id),
      ])
  }
}
