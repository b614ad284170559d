import OpenMeteo
import SkycastModel
import Store

/// Several cities in one request (the forecast APIs take many coordinates at once).
package struct CityBatch: FetchUnit {
  package var cities: [City]
  package var dates: ClosedRange<LocalDate>? { nil }

  package init(_ cities: [City]) { self.cities = cities }

  /// `cities` in consecutive batches of at most `size` (the requests of a run, and of its dry
  /// run).
  package static func batches(_ cities: [City], size: Int) -> [CityBatch] {
    let size = max(1, size)
    return stride(from: 0, to: cities.count, by: size).map {
      CityBatch(Array(cities[$0..<min($0 + size, cities.count)]))
    }
  }

  package func alone(_ city: City) -> CityBatch { CityBatch([city]) }

  package func updating(_ stored: [Int64: City]) -> CityBatch {
    CityBatch(cities.map { stored[$0.id] ?? $0 })
  }
}
