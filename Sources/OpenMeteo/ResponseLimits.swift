import Foundation
import Synchronization

/// The most a reply body may hold, compressed or not.
///
/// The largest real answer Skycast asks for is a 16-day forecast of every stored variable
/// (17 hourly × 384 hours and 16 daily × 16 days) for a batch of 10 cities: about 0.7 MB per
/// model (`ResponseLimitsTests` measures it on the fake server), so 5 models are ~3.5 MB.
/// 32 MiB is about nine times that, and small enough that a hostile reply cannot push the
/// process much past 100 MB before it is cut off.
package enum ResponseLimits {
  /// 32 MiB.
  package static let maximumBodyBytes = 32 << 20
  /// Geocoding candidates considered from one answer (the API returns at most 100).
  package static let maximumGeocodingResults = 100
  /// Header section of a reply, for the socket transport.
  package static let maximumHeaderBytes = 64 << 10

  /// "32 MiB", for messages.
  package static func text(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
