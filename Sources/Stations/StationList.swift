import SkycastModel

/// A provider's station list as read: the stations that pass `Station.problem`, and the lines
/// left out, each with its reason (an id that is no station id, a name with a control
/// character, a latitude of 95, an elevation of 1e19 m). A line that does not fit the format
/// at all still refuses the whole list (`StationFileError`).
public struct StationList: Sendable, Equatable {
  /// One left-out station: where it was and why.
  public struct Skip: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the list, nil where the list has no lines (a JSON array).
    public var line: Int?
    /// The id as the list gave it (escaped for a terminal).
    public var id: String
    /// What was wrong.
    public var reason: String

    /// `line 3 (ACL000BARA9): elevation 1e+19 m is outside -500…9000`.
    public var description: String {
      (line.map { "line \($0) " } ?? "") + "(\(TerminalSafe.escape(id))): \(reason)"
    }
  }

  /// The stations kept, in list order.
  public var stations: [Station] = []
  /// The stations left out, in list order.
  public var skipped: [Skip] = []

  public init(stations: [Station] = [], skipped: [Skip] = []) {
    self.stations = stations
    self.skipped = skipped
  }

  /// Keeps `station` when it passes `Station.problem`, else records why it was left out.
  mutating func add(_ station: Station, line: Int?) {
    if let problem = station.problem {
      skipped.append(Skip(line: line, id: station.id, reason: problem))
    } else {
      stations.append(station)
    }
  }

  /// `2 stations left out: line 3 (X): …; line 9 (Y): …`, naming at most `limit` of them;
  /// empty when none was.
  public func summary(limit: Int = 5) -> String {
    guard !skipped.isEmpty else { return "" }
    let named = skipped.prefix(limit).map(\.description).joined(separator: "; ")
    let more = skipped.count > limit ? "; and \(skipped.count - limit) more" : ""
    return "\(skipped.count) station\(skipped.count == 1 ? "" : "s") left out: \(named)\(more)"
  }
}
