import OpenMeteo
import SkycastModel
import Store

/// One city and a range of its local dates (the history APIs take one coordinate a request).
package struct CityChunk: FetchUnit {
  package var city: City
  package var range: ClosedRange<LocalDate>
  package var cities: [City] { [city] }
  package var dates: ClosedRange<LocalDate>? { range }

  package init(_ city: City, _ range: ClosedRange<LocalDate>) {
    self.city = city
    self.range = range
  }

  package func alone(_ city: City) -> CityChunk { CityChunk(city, range) }

  package func updating(_ stored: [Int64: City]) -> CityChunk {
    CityChunk(stored[city.id] ?? city, range)
  }
}
