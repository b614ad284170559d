import Export
import Foundation
import OpenMeteo
import SkycastModel
import Store
import Verify

#if canImport(Glibc)
  import Glibc
#endif

/// One measured figure with its baseline.
struct Figure {
  var name: String
  var ours: String
  var baseline: String
  /// ours ÷ baseline for times, ours ÷ baseline for rates (so ≥ target is good for rates).
  var ratio: Double?
  var target: String
  var holds: Bool?
}
