import SkycastModel

/// DWD's station description files (`TU_Stundenwerte_Beschreibung_Stationen.txt`,
/// `KL_Tageswerte_Beschreibung_Stationen.txt`, …): Latin-1, fixed width, with widths that
/// change between vintages, so the fields are read by whitespace instead.
public enum DWDStationList {
  /// Parses the bytes of a description file (Latin-1).
  public static func parse(_ bytes: [UInt8]) throws(StationFileError) -> [Station] {
    try read(StationFileBytes.latin1(bytes)).stations
  }

  /// Reads the bytes of a description file (Latin-1); see `read(_:)` of the text.
  public static func read(_ bytes: [UInt8]) throws(StationFileError) -> StationList {
    try read(StationFileBytes.latin1(bytes))
  }

  /// The stations of the decoded text (see `read`).
  public static func parse(_ text: String) throws(StationFileError) -> [Station] {
    try read(text).stations
  }

  /// Reads the decoded text, leaving out stations that fail `Station.problem`: after the header and the ruler line of dashes, each line is
  /// `Stations_id von_datum bis_datum Stationshoehe geoBreite geoLaenge Stationsname
  /// Bundesland [Abgabe]`. The name may hold single spaces; it ends at the first run of two or
  /// more spaces (or, where the columns touch, before the last word).
  public static func read(_ text: String) throws(StationFileError) -> StationList {
    var list = StationList()
    for (offset, line) in StationFileBytes.lines(text).enumerated() {
      let row = StationText.trim(line)
      if row.isEmpty || row.hasPrefix("-") || row.lowercased().hasPrefix("stations_id") {
        continue
      }
      var rest = row
      var tokens: [Substring] = []
      while tokens.count < 6 {
        rest = rest.drop(while: { $0 == " " })
        let token = rest.prefix(while: { $0 != " " })
        guard !token.isEmpty else { break }
        tokens.append(token)
        rest = rest.dropFirst(token.count)
      }
      rest = rest.drop(while: { $0 == " " })
      let lineNumber = offset + 1
      guard tokens.count == 6, !rest.isEmpty else {
        throw .line(lineNumber, "expected id, dates, height, latitude, longitude and a name")
      }
      guard let id = Int(tokens[0]), id >= 0 else {
        throw .line(lineNumber, "Stations_id \"\(tokens[0])\" is not a station number")
      }
      let first = DWDReader.parse(tokens[1]).map(\.0)
      let last = DWDReader.parse(tokens[2]).map(\.0)
      guard tokens[1].count == 8, tokens[2].count == 8, let first, let last else {
        throw .line(
          lineNumber, "von_datum/bis_datum \"\(tokens[1])\"/\"\(tokens[2])\" not YYYYMMDD")
      }
      guard let elevation = StationText.number(tokens[3]),
        let latitude = StationText.number(tokens[4]), let longitude = StationText.number(tokens[5])
      else {
        throw .line(lineNumber, "Stationshoehe, geoBreite or geoLaenge is not a number")
      }
      let name: Substring
      if let gap = rest.firstRange(of: "  ") {
        name = rest[..<gap.lowerBound]
      } else {
        let words = rest.split(separator: " ")
        name = words.count > 1 ? rest[..<words.last!.startIndex] : rest
      }
      list.add(
        Station(
          provider: .dwd, id: DWDReader.padded(id), name: String(StationText.trim(name)),
          latitude: latitude, longitude: longitude, elevation: elevation, first: first,
          last: last), line: lineNumber)
    }
    return list
  }
}
