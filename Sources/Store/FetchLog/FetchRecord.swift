internal import SQLiteKit
import SkycastModel

/// One row of the fetch log: the provenance of every stored row (what was asked, when, what
/// came back). A failed fetch has `status = failed` and no data rows.
public struct FetchRecord: Sendable, Equatable {
  public enum Status: String, Sendable { case ok, failed }

  public var cityID: Int64?
  /// Where the fetch's rows went (stored as ``FetchSource/fetchLogValue``: an import's is
  /// `import:NAME`).
  public var source: FetchSource
  public var model: String
  public var requestedAt: Int64
  public var issuedAt: Int64?
  public var status: Status
  public var httpStatus: Int?
  public var error: String?
  /// The URL without any API key (or `file://…` for imports).
  public var url: String?
  public var utcOffsetSeconds: Int?
  public var gridLatitude: Double?
  public var gridLongitude: Double?
  public var gridElevation: Double?
  public var callWeight: Double?
  public var bytes: Int?
  public var bodySHA256: String?
  public var rows: Int = 0
  /// The model run's initialisation time (UTC epoch seconds), when known.
  public var runAt: Int64?
  /// When that run became available on the API's server, when known.
  public var runAvailableAt: Int64?
  /// Why the run is unknown (a blend, a run that changed during the call, no metadata).
  public var runNote: String?

  public init(
    cityID: Int64?, source: FetchSource, model: String, requestedAt: Int64, issuedAt: Int64? = nil,
    status: Status, httpStatus: Int? = nil, error: String? = nil, url: String? = nil
  ) {
    self.cityID = cityID
    self.source = source
    self.model = model
    self.requestedAt = requestedAt
    self.issuedAt = issuedAt
    self.status = status
    self.httpStatus = httpStatus
    self.error = error
    self.url = url
  }
}

extension Store {
  /// Appends a fetch-log row and returns its id (call inside a write transaction).
  @discardableResult
  public func insertFetch(_ fetch: FetchRecord) throws -> Int64 {
    try database.run(
      """
      INSERT INTO fetches (city_id, source, model, requested_at, issued_at, status, http_status,
        error, url, utc_offset_seconds, grid_latitude, grid_longitude, grid_elevation, call_weight,
        bytes, body_sha256, rows, run_at, run_available_at, run_note)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        SQLiteValue(fetch.cityID), .text(fetch.source.fetchLogValue), .text(fetch.model),
        .integer(fetch.requestedAt), SQLiteValue(fetch.issuedAt), .text(fetch.status.rawValue),
        SQLiteValue(fetch.httpStatus), SQLiteValue(fetch.error), SQLiteValue(fetch.url),
        SQLiteValue(fetch.utcOffsetSeconds), SQLiteValue(fetch.gridLatitude),
        SQLiteValue(fetch.gridLongitude), SQLiteValue(fetch.gridElevation),
        SQLiteValue(fetch.callWeight), SQLiteValue(fetch.bytes), SQLiteValue(fetch.bodySHA256),
        .integer(Int64(fetch.rows)), SQLiteValue(fetch.runAt), SQLiteValue(fetch.runAvailableAt),
        SQLiteValue(fetch.runNote),
      ])
    return database.lastInsertRowID
  }

  /// Records how many data rows a fetch stored.
  public func setFetchRows(_ rows: Int, fetchID: Int64) throws {
    try database.run(
      "UPDATE fetches SET rows = ? WHERE id = ?", [.integer(Int64(rows)), .integer(fetchID)])
  }

  /// When the city last had a successful fetch from `source` (epoch seconds), if ever.
  public func lastSuccessfulFetch(cityID: Int64, source: FetchSource) throws -> Int64? {
    try database.scalarInt(
      "SELECT max(requested_at) FROM fetches WHERE city_id = ? AND source = ? AND status = 'ok'",
      [.integer(cityID), .text(source.fetchLogValue)])
  }
}

extension FetchRecord {
  /// Records the grid cell and UTC offset the API answered with.
  public mutating func record(_ location: LocationBlock) {
    utcOffsetSeconds = location.utcOffsetSeconds
    gridLatitude = location.latitude
    gridLongitude = location.longitude
    gridElevation = location.elevation
  }
}

extension Store {
  /// A city saved without a zone takes the one the API answered with (`timezone=auto`); call
  /// inside the fetch's write transaction. Returns the city as it now is.
  public func adoptTimezone(of location: LocationBlock, for city: City) throws -> City {
    guard city.timezone == nil, let zone = location.timezone, CityTimeZone(identifier: zone) != nil
    else { return city }
    try setTimezone(zone, cityID: city.id)
    var updated = city
    updated.timezone = zone
    return updated
  }
}
