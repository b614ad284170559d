import Analysis
import Foundation
import SkycastModel

/// Appends an Open-Meteo-shaped JSON body.
package struct BodyWriter {
  package var bytes: [UInt8] = []

  package init() { bytes.reserveCapacity(64 * 1024) }

  package mutating func raw(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  package mutating func key(_ name: String) { raw("\"\(name)\":") }

  package mutating func number(_ value: Double?, decimals: Int) {
    guard let value, NumberText.appendFixed(value, decimals: decimals, to: &bytes) else {
      raw("null")
      return
    }
  }

  package mutating func header(place: SyntheticCity, offset: Int, timezone: String) {
    raw(
      "{\"latitude\":\(place.latitude),\"longitude\":\(place.longitude),\"generationtime_ms\":0.1,")
    raw("\"utc_offset_seconds\":\(offset),\"timezone\":\"\(timezone)\",")
    raw(
      "\"timezone_abbreviation\":\"GMT\(WallClock.offsetText(offset))\",\"elevation\":\(place.elevation),"
    )
  }

  package mutating func units(_ fixed: [String: String], variables: [WeatherVariable]) {
    var parts = fixed.sorted { $0.key > $1.key }.map { "\"\($0.key)\":\"\($0.value)\"" }
    parts += variables.map {
      "\"\($0.apiName)\":\"\($0.quantity == .instant ? "unixtime" : $0.unit)\""
    }
    raw("{" + parts.joined(separator: ",") + "},")
  }

  package mutating func block(times: [Double], columns: [(WeatherVariable, [Double?])]) {
    raw("{\"time\":[")
    for (index, time) in times.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      NumberText.appendInteger(Int64(time), to: &bytes)
    }
    raw("]")
    for (variable, values) in columns {
      raw(",\"\(variable.apiName)\":[")
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        number(value, decimals: variable.quantity == .instant ? 0 : variable.decimals)
      }
      raw("]")
    }
    raw("}")
  }
}
