import SkycastModel

/// What a station reader keeps.
public struct StationReadOptions: Sendable, Equatable {
  /// The station id to use when the file does not name one.
  public var stationID: String?

  public init(stationID: String? = nil) {
    self.stationID = stationID
  }
}
