import Foundation
import SkycastModel

/// Meteostat's station records: the per-station JSON of meteostat/weather-stations or the
/// `lite.json`/`full.json` arrays built from them.
public enum MeteostatStationList {
  /// The stations of one station object or an array of them (see `read`).
  public static func parse(_ text: String) throws(StationFileError) -> [Station] {
    try read(text).stations
  }

  /// Reads one station object or an array of them, leaving out stations that fail
  /// `Station.problem`. The name is the English one when given, else the first by language
  /// code; first/last are the earliest hourly/daily inventory start and the latest end, when
  /// the record has an inventory.
  public static func read(_ text: String) throws(StationFileError) -> StationList {
    let data = Data(text.utf8)
    let decoder = JSONDecoder()
    let records: [Record]
    do {
      if let array = try? decoder.decode([Record].self, from: data) {
        records = array
      } else {
        records = [try decoder.decode(Record.self, from: data)]
      }
    } catch {
      throw .format("not a Meteostat station record or array of them: \(error)")
    }
    var list = StationList()
    for record in records {
      guard let latitude = record.location?.latitude, let longitude = record.location?.longitude
      else {
        throw .format("Meteostat station \(TerminalSafe.escape(record.id)) has no location")
      }
      let periods = [record.inventory?.hourly, record.inventory?.daily].compactMap { $0 }
      let station = Station(
        provider: .meteostat, id: record.id, name: record.name.preferred ?? record.id,
        latitude: latitude, longitude: longitude, elevation: record.location?.elevation,
        first: periods.compactMap { $0.start.flatMap { LocalDate($0) } }.min(),
        last: periods.compactMap { $0.end.flatMap { LocalDate($0) } }.max())
      list.add(station, line: nil)
    }
    return list
  }

  struct Record: Decodable {
    var id: String
    var name: Name
    var location: Location?
    var inventory: Inventory?
  }

  /// `{lang: text}` (or a plain string in other dumps).
  struct Name: Decodable {
    var preferred: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        preferred = text
      } else {
        let names = try container.decode([String: String?].self).compactMapValues { $0 }
        preferred = names["en"] ?? names.keys.sorted().first.flatMap { names[$0] }
      }
    }
  }

  struct Location: Decodable {
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
  }

  struct Inventory: Decodable {
    var hourly: Period?
    var daily: Period?
  }

  /// An inventory period; anything but `YYYY-MM-DD` text (null, a year number) counts as absent.
  struct Period: Decodable {
    var start: String?
    var end: String?

    enum CodingKeys: String, CodingKey { case start, end }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      start = (try? container.decodeIfPresent(String.self, forKey: .start)) ?? nil
      end = (try? container.decodeIfPresent(String.self, forKey: .end)) ?? nil
    }
  }
}
