import Export
import Foundation
import SkycastModel
import Store

/// A merge-join group: the values of the request's keys (unused ones stay 0), text keys as
/// ``TextInterner`` ids.
package struct MergeGroupKey: Hashable {
  package var lead: Int64 = 0
  package var leadDay: Int64 = 0
  package var city: Int64 = 0
  package var source: Int32 = 0
  package var model: Int32 = 0
  package var month: Int32 = 0
  package var hour: Int64 = 0
  /// ``VerifyKey/seasonIndex(month:latitude:)``.
  package var season: Int32 = 0
}
