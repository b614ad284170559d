/// One station of a provider's station list (cached in the store by `station search`).
public struct Station: Sendable, Equatable {
  /// The network whose list names it.
  public var provider: StationProvider
  /// The id as the provider's file names and list write it.
  public var id: String
  /// The name as the list writes it (untrusted text: escaped before a terminal).
  public var name: String
  /// Degrees north.
  public var latitude: Double
  /// Degrees east.
  public var longitude: Double
  /// Metres above sea level; nil when the list gives none.
  public var elevation: Double?
  /// First and last date of record, where the list gives them.
  public var first: LocalDate?
  /// Last date of record, where the list gives it.
  public var last: LocalDate?
  /// Variables the provider's inventory lists for the station (its own names), empty when it
  /// publishes none.
  public var variables: [String]

  public init(
    provider: StationProvider, id: String, name: String, latitude: Double, longitude: Double,
    elevation: Double? = nil, first: LocalDate? = nil, last: LocalDate? = nil,
    variables: [String] = []
  ) {
    self.provider = provider
    self.id = id
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.first = first
    self.last = last
    self.variables = variables
  }

  /// The observation source of its measurements: `station:<provider>:<id>`.
  public var source: FetchSource { .station(provider: provider, id: id) }
}
