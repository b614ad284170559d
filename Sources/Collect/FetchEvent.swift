import OpenMeteo
import SkycastModel

/// Progress events of a `FetchPipeline` run, for the CLI.
package enum FetchEvent: Sendable {
  /// A request for `cities` (and `dates`) is about to be sent; `index` cities (or requests, one
  /// city each) of `total` came before it.
  case requesting(cities: [City], dates: ClosedRange<LocalDate>?, index: Int, total: Int)
  /// The decoder ignored or questioned something in a reply that was still stored.
  case decodeWarning(city: City, message: String)
  /// Something in a stored reply the user must hear of: impossible values stored as NULL, or a
  /// grid point in another time zone.
  case alert(city: City, message: String)
  /// Another process held the write lock past the busy timeout; storing is tried again.
  case writeRetry(cities: [City], attempt: Int)
  /// A reply arrived: `bodyBytes` of JSON that took `wireBytes` on the wire (fewer when the
  /// server compressed it with gzip, which every request asks for).
  case transferred(bodyBytes: Int, wireBytes: Int)
}
