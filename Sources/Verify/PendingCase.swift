import Analysis
import Foundation
import SkycastModel
import Store

/// What a case needs, besides its members, to be added once it is scored.
struct PendingCase {
  var group: Int
  var observation: Double
  var referenceCRPS: Double?
  /// Its tie-break draw, drawn in case order.
  var draw: Double
  /// With an event: the members that are events.
  var hits: Int
}
