import Export
import Foundation
import OpenMeteo
import SkycastModel
import Store

/// The columns of `city list` (`export cities` has its own, fuller layout in `ExportPlan`).
enum CityColumns {
  static let columns: [Column] = [
    Column("id", .integer), Column("name", .text), Column("admin1", .text),
    Column("country_code", .text), Column("latitude", .measure(decimals: 4), unit: "°N"),
    Column("longitude", .measure(decimals: 4), unit: "°E"),
    Column("elevation", .measure(decimals: 0), unit: "m"), Column("timezone", .text),
    Column("population", .integer), Column("geonames_id", .integer),
  ]

  static func cells(_ city: City) -> [Cell] {
    [
      .integer(city.id), .text(city.name), city.admin1.map(Cell.text) ?? .null,
      city.countryCode.map(Cell.text) ?? .null, .number(city.latitude), .number(city.longitude),
      city.elevation.map(Cell.number) ?? .null, city.timezone.map(Cell.text) ?? .null,
      city.population.map(Cell.integer) ?? .null, city.geonamesID.map(Cell.integer) ?? .null,
    ]
  }
}
