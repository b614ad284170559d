/// Why `StationFileImport.importOnce` rolled its transaction back after a clean read of the
/// file: what the caller reports (in the order the two-read import reports it), or that the
/// file must be imported with two reads after all.
public enum StationImportStop: Error {
  /// The file is another station than the one asked for (`StationReading.mismatch`).
  case mismatch(String)
  /// The city could not be chosen for the file's station (the resolver's error).
  case city(any Error)
  /// The file is out of time order, or a line after the first rows named its station
  /// differently: import it with `check` and `store(_:path:…)`.
  case readTwice
}
