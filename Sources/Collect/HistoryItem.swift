import OpenMeteo
import SkycastModel
import Store

/// One decoded history answer, ready to store.
package struct HistoryItem {
  package let location: LocationBlock
  package let city: City
  package let dates: ClosedRange<LocalDate>
  package let provenance: ResponseProvenance
}
