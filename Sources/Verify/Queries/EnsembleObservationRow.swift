import SkycastModel

/// One observation row of `verify --ensemble`, valid only during the call that hands it out.
package struct EnsembleObservationRow {
  package var cityID: Int64
  package var validAt: Int64
  /// The local valid date's text, `YYYY-MM-DD` (the bytes SQLite holds, not copied).
  package var validDate: UnsafeBufferPointer<UInt8>
  package var validHour: Int64
  package var value: Double
}
