internal import SQLiteKit
import SkycastModel

extension Store {
  /// The model runs (issue times in `from…to`) already stored for the city with a successful
  /// fetch of `source` and `model`: what a resumed `backfill --runs` skips.
  public func storedRuns(
    cityID: Int64, source: FetchSource, model: String, from: Int64, to: Int64
  ) throws -> Set<Int64> {
    let rows = try database.query(
      """
      SELECT DISTINCT issued_at FROM fetches
      WHERE city_id = ? AND source = ? AND model = ? AND status = 'ok' AND rows > 0
        AND issued_at BETWEEN ? AND ?
      """,
      [.integer(cityID), .text(source.fetchLogValue), .text(model), .integer(from), .integer(to)])
    return Set(rows.compactMap { $0[0].int64Value })
  }
}
