import Analysis
import Export
import SkycastModel

extension NowView {
  /// The width of the module names.
  package static let moduleLabelWidth = 15

  /// The modules: feels-like, humidity, wind, UV, precipitation, sunrise and sunset. Values are
  /// the current block's, else the strip's first hour's; daily figures are the first listed
  /// day's. A module without data says so.
  package static func modules(_ context: Context) -> [ViewLine] {
    let day = context.referenceDay
    let dayWord = day.map { context.dayWord($0.date) } ?? "today"
    var lines: [ViewLine] = []
    let separator = context.ascii ? " | " : " · "
    let width = context.options.width
    /// The name, then the parts joined by the separator, wrapped under the first part when the
    /// next part would not fit.
    func module(_ name: String, _ parts: [String]) {
      let label = ViewLine(
        DisplayWidth.padded(name, to: moduleLabelWidth, alignRight: false), .bold)
      lines += ViewLine.flow(
        label, parts.isEmpty ? [ViewLine("no data")] : parts.map { ViewLine($0) },
        separator: separator, width: width, indent: moduleLabelWidth)
    }

    var feels: [String] = []
    if let reading = context.feelsLike {
      feels.append(
        context.temperature(reading.value, decimals: 1) + " " + reading.method.moduleNote)
      if let apparent = context.nowApparent, reading.method != .apparent {
        feels.append(
          "Open-Meteo apparent temperature " + context.temperature(apparent, decimals: 1))
      }
    }
    module("Feels like", feels)

    var humidity: [String] = []
    if let relative = context.nowHumidity {
      humidity.append(NumberText.fixed(relative, decimals: 0) + "%")
      if let temperature = context.nowTemperature,
        let dewPoint = Humidity.dewPoint(temperature: temperature, relativeHumidity: relative)
      {
        humidity.append("dew point " + context.temperature(dewPoint, decimals: 1))
      }
    }
    module("Humidity", humidity)

    var wind: [String] = []
    if let speed = context.nowWindSpeed {
      var text = NumberText.fixed(speed, decimals: 0) + " km/h"
      if let direction = context.nowWindDirection {
        text +=
          " from " + CompassPoint.name(degrees: direction)
          + " (\(NumberText.fixed(direction, decimals: 0))\(context.ascii ? " deg" : "°"))"
      }
      wind.append(text)
    }
    if let gusts = context.nowWindGusts {
      wind.append("gusts " + NumberText.fixed(gusts, decimals: 0) + " km/h")
    }
    module("Wind", wind)

    var uv: [String] = []
    if let value = context.nowUV {
      uv.append(
        "now " + NumberText.fixed(value, decimals: 1) + " " + UVIndex.category(value).rawValue)
    }
    if let maximum = day?.uvIndexMax {
      uv.append(
        "max \(dayWord) " + NumberText.fixed(maximum, decimals: 1) + " "
          + UVIndex.category(maximum).rawValue)
    }
    module("UV index", uv)

    var precipitation: [String] = []
    let hour = context.focusHour
    let hourWord =
      context.startsNow ? "this hour" : hour.map { "at " + context.clock($0.time) } ?? ""
    if let amount = context.freshCurrent?.precipitation {
      precipitation.append("now " + NumberText.fixed(amount, decimals: 1) + " mm")
    } else if let current = context.staleCurrent, let amount = current.precipitation {
      precipitation.append(
        NumberText.fixed(amount, decimals: 1) + " mm at " + context.clock(current.time))
    } else if let amount = hour?.precipitation {
      precipitation.append(NumberText.fixed(amount, decimals: 1) + " mm " + hourWord)
    }
    if let chance = hour?.precipitationProbability {
      precipitation.append(NumberText.fixed(chance, decimals: 0) + "% chance " + hourWord)
    }
    if let day, day.precipitationSum != nil || day.precipitationProbabilityMax != nil {
      var parts: [String] = []
      if let sum = day.precipitationSum { parts.append(NumberText.fixed(sum, decimals: 1) + " mm") }
      if let chance = day.precipitationProbabilityMax {
        parts.append(NumberText.fixed(chance, decimals: 0) + "% chance")
      }
      precipitation.append(dayWord + " " + parts.joined(separator: ", "))
    }
    module("Precipitation", precipitation)

    var sun: [String] = []
    if let rise = day?.sunrise { sun.append("sunrise " + context.clock(rise)) }
    if let set = day?.sunset { sun.append("sunset " + context.clock(set)) }
    if !sun.isEmpty, let day, day.date != context.today {
      sun[0] = context.dayName(day.date) + " " + sun[0]
    }
    module("Sun", sun)
    return lines
  }
}
