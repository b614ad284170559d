internal import SQLiteKit
import SkycastModel

extension City {
  /// A city read from a row of the `cities` table (the columns of `Store.cityColumns`).
  init(row: Row) throws {
    self.init(
      id: try row.decode(Int64.self, column: "id"),
      name: try row.decode(String.self, column: "name"),
      countryCode: try row.decodeIfPresent(String.self, column: "country_code"),
      country: try row.decodeIfPresent(String.self, column: "country"),
      admin1: try row.decodeIfPresent(String.self, column: "admin1"),
      latitude: try row.decode(Double.self, column: "latitude"),
      longitude: try row.decode(Double.self, column: "longitude"),
      elevation: try row.decodeIfPresent(Double.self, column: "elevation"),
      timezone: try row.decodeIfPresent(String.self, column: "timezone"),
      geonamesID: try row.decodeIfPresent(Int64.self, column: "geonames_id"),
      population: try row.decodeIfPresent(Int64.self, column: "population"),
      addedAt: try row.decode(Int64.self, column: "added_at"))
  }
}
