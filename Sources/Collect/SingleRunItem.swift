import OpenMeteo
import SkycastModel
import Store

/// One city's decoded run, ready to store.
package struct SingleRunItem {
  package let location: LocationBlock
  package let city: City
  package let run: Int64
  package let provenance: ResponseProvenance
}
