import SkycastModel

/// ECA&D's `stations.txt`: the same kind of header block, then `STAID,STANAME,CN,LAT,LON,HGHT`
/// with coordinates as signed degrees:minutes:seconds (`+56:52:00`, `-003:10:59`).
public enum ECADStationList {
  /// The stations of a `stations.txt` (see `read`).
  public static func parse(_ text: String) throws(StationFileError) -> [Station] {
    try read(text).stations
  }

  /// Reads the text of a `stations.txt`, leaving out stations that fail `Station.problem`.
  public static func read(_ text: String) throws(StationFileError) -> StationList {
    let lines = StationFileBytes.lines(text)
    guard let headerLine = lines.firstIndex(where: { StationText.trim($0).hasPrefix("STAID") })
    else { throw .format("no ECA&D column header: no line starts with STAID") }
    let header = StationText.fields(lines[headerLine], ",")
      .map { String(StationText.trim($0)).uppercased() }
    let index = { (name: String) in header.firstIndex(of: name) }
    // The header text calls the elevation HGTH, the column is HGHT; accept either spelling.
    guard let idColumn = index("STAID"), let nameColumn = index("STANAME"),
      let latitudeColumn = index("LAT"), let longitudeColumn = index("LON")
    else { throw .format("the ECA&D station header lacks STAID, STANAME, LAT or LON") }
    let elevationColumn = index("HGHT") ?? index("HGTH")
    var list = StationList()
    for offset in (headerLine + 1)..<lines.count where !StationText.trim(lines[offset]).isEmpty {
      let lineNumber = offset + 1
      let fields = StationText.fields(lines[offset], ",")
        .map(StationText.trim)
      guard fields.count == header.count else {
        throw .line(
          lineNumber, "expected \(header.count) comma-separated fields, found \(fields.count)")
      }
      guard let id = Int(fields[idColumn]) else {
        throw .line(lineNumber, "STAID \"\(fields[idColumn])\" is not a number")
      }
      guard let latitude = degrees(fields[latitudeColumn]),
        let longitude = degrees(fields[longitudeColumn])
      else {
        throw .line(
          lineNumber,
          "LAT/LON \"\(fields[latitudeColumn])\"/\"\(fields[longitudeColumn])\" is not ±D:M:S")
      }
      var elevation: Double?
      if let elevationColumn, !fields[elevationColumn].isEmpty {
        guard let value = StationText.number(fields[elevationColumn]) else {
          throw .line(lineNumber, "HGHT \"\(fields[elevationColumn])\" is not a number")
        }
        // -9999 is ECA&D's missing value: no elevation, not an error.
        elevation = value == -9999 ? nil : value
      }
      list.add(
        Station(
          provider: .ecad, id: String(id), name: String(fields[nameColumn]), latitude: latitude,
          longitude: longitude, elevation: elevation), line: lineNumber)
    }
    return list
  }

  /// `+56:52:00` → 56.8667: degrees + minutes / 60 + seconds / 3600, negative for S and W.
  static func degrees(_ text: Substring) -> Double? {
    let sign: Double = text.first == "-" ? -1 : 1
    let body = text.first == "-" || text.first == "+" ? text.dropFirst() : text
    let parts = body.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard (2...3).contains(parts.count), !parts.contains(nil), let degrees = parts[0],
      let minutes = parts[1], (0..<60).contains(minutes)
    else { return nil }
    let seconds = parts.count == 3 ? parts[2]! : 0
    guard (0..<60).contains(seconds) else { return nil }
    return sign * (Double(degrees) + Double(minutes) / 60 + Double(seconds) / 3600)
  }
}
