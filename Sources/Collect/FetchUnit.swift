import OpenMeteo
import SkycastModel
import Store

/// One request's worth of work in `FetchPipeline`.
package protocol FetchUnit: Sendable {
  /// The cities the request asks for, in the order of the reply's `location_id`s.
  var cities: [City] { get }
  /// The local dates asked for, nil when the product has no date range (a forecast).
  var dates: ClosedRange<LocalDate>? { get }
  /// The model run asked for (`backfill --runs`), nil for the others.
  var run: Int64? { get }
  /// The unit for one of its cities alone (the city-by-city retry of a failed batch).
  func alone(_ city: City) -> Self
  /// The unit with its cities as an earlier request of the run stored them (a zone adopted from
  /// `timezone=auto`), so later requests ask in that zone.
  func updating(_ stored: [Int64: City]) -> Self
}
