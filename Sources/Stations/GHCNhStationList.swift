import SkycastModel

/// NOAA's GHCNh station list, as `ghcnh-station-list.csv` (header `GHCN_ID,LATITUDE,…`) or the
/// fixed-width `ghcnh-station-list.txt` (no header).
///
/// The list gives no period of record (that is `ghcnh-inventory.txt`), so `first` and `last`
/// stay nil, and no variables.
public enum GHCNhStationList {
  /// The CSV header's first field, which tells the CSV list from the fixed-width one.
  static let csvHeaderStart = "GHCN_ID,"

  /// The stations of a GHCNh list, in file order (see `read`).
  public static func parse(_ text: String) throws(StationFileError) -> [Station] {
    try read(text).stations
  }

  /// The stations of a GHCNh list, in file order, and the lines left out
  /// (`Station.problem`: an id or name Skycast refuses, coordinates or elevation out of range).
  ///
  /// An elevation of -999 or below (`-999.9` per the documentation, `-999.0` in practice) is
  /// the list's missing value and becomes nil. Names keep their inner runs of spaces. A cell
  /// that is not a plain decimal refuses the list (`StationText.number`).
  public static func read(_ text: String) throws(StationFileError) -> StationList {
    let lines = StationFileBytes.lines(text)
    guard let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else {
      throw .format("the GHCNh station list is empty")
    }
    var firstLine = lines[first]
    if firstLine.hasPrefix("\u{FEFF}") { firstLine = firstLine.dropFirst() }
    let isCSV = firstLine.hasPrefix(csvHeaderStart)
    var list = StationList()
    for lineIndex in lines.indices.dropFirst(isCSV ? first + 1 : first) {
      let line = lines[lineIndex]
      if line.allSatisfy(\.isWhitespace) { continue }
      let number = lineIndex + 1
      list.add(try isCSV ? csvRow(line, number) : fixedWidthRow(line, number), line: number)
    }
    return list
  }

  /// `ID,LAT,LON,ELEV,STATE,NAME,GSN,HCN/CRN,WMO,ICAO,ISO`: the name is everything between the
  /// first five and the last five fields, so a comma inside a name cannot shift the columns.
  static func csvRow(_ line: Substring, _ number: Int) throws(StationFileError) -> Station {
    let fields = StationText.fields(line, ",")
    guard fields.count >= 11 else {
      throw .line(number, "\(fields.count) fields, the GHCNh station list has 11")
    }
    let name = fields[5..<(fields.count - 5)].joined(separator: ",")
    return try station(
      id: fields[0], latitude: fields[1], longitude: fields[2], elevation: fields[3],
      name: Substring(name), number)
  }

  /// Documented positions (1-based): ID 1-11, LAT 13-20, LON 22-30, ELEV 32-37, NAME 42-71;
  /// columns past 85 differ between versions and are not read.
  static func fixedWidthRow(_ line: Substring, _ number: Int) throws(StationFileError)
    -> Station
  {
    let characters = Array(line)
    guard characters.count >= 37 else {
      throw .line(number, "\(characters.count) characters, a station row has at least 37")
    }
    func slice(_ start: Int, _ end: Int) -> Substring {
      Substring(String(characters[min(start, characters.count)..<min(end, characters.count)]))
    }
    return try station(
      id: slice(0, 11), latitude: slice(12, 20), longitude: slice(21, 30),
      elevation: slice(31, 37), name: slice(41, 71), number)
  }

  static func station(
    id: Substring, latitude: Substring, longitude: Substring, elevation: Substring,
    name: Substring, _ number: Int
  ) throws(StationFileError) -> Station {
    let id = StationText.trim(id)
    guard !id.isEmpty else { throw .line(number, "no station id") }
    guard let lat = StationText.number(StationText.trim(latitude)) else {
      throw .line(number, "latitude '\(StationText.trim(latitude))' is not a number")
    }
    guard let lon = StationText.number(StationText.trim(longitude)) else {
      throw .line(number, "longitude '\(StationText.trim(longitude))' is not a number")
    }
    var height: Double?
    let elevationText = StationText.trim(elevation)
    if !elevationText.isEmpty {
      guard let value = StationText.number(elevationText) else {
        throw .line(number, "elevation '\(elevationText)' is not a number")
      }
      height = value <= -999 ? nil : value
    }
    return Station(
      provider: .ghcnh, id: String(id), name: String(StationText.trim(name)), latitude: lat,
      longitude: lon, elevation: height)
  }
}
