import SkycastModel

/// Decodes Open-Meteo forecast, archive and previous-runs bodies into canonical-unit series.
///
/// Handles what real responses do: one object or an array of objects (several locations, later
/// ones with `location_id`), local wall times shifted by one `utc_offset_seconds` (or
/// `timeformat=unixtime` integers), `_<model>` key suffixes, `_previous_dayN` variables, `null`
/// values, per-variable `*_units` with conversion (°F, mp/h, m/s, kn, inch, ft), `"undefined"` units
/// on all-null columns, and `{"error":true}` bodies. Keys it does not store are ignored with a
/// warning. Arrays of different lengths, unknown units and invalid JSON are errors.
public struct ResponseDecoder: Sendable {
  /// Models whose suffix to expect; with fewer than two, keys are unsuffixed and stored under
  /// `models.first ?? ModelName.bestMatch`.
  public var models: [String]

  public init(models: [String] = []) {
    self.models = models
  }

  package var defaultModel: String { models.count == 1 ? models[0] : ModelName.bestMatch }

  /// Decodes a whole body.
  public func decode(_ bytes: [UInt8]) throws(APIError) -> [LocationBlock] {
    try ResponseDecoder.locationObjects(bytes).enumerated().map {
      (position, object) throws(APIError) in
      try decodeLocation(object, position: position)
    }
  }

  /// The location objects of a body: the object itself, or each element of an array (a request
  /// for several coordinates), every other shape refused with what it was.
  package static func locationObjects(_ bytes: [UInt8]) throws(APIError) -> [JSONObject] {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw APIError.decoding(error.description)
    }
    switch root {
    case .object(let object):
      return [object]
    case .array(let elements):
      var objects: [JSONObject] = []
      for (position, element) in elements.enumerated() {
        guard case .object(let object) = element else {
          throw APIError.decoding(
            "element \(position) of the response array is \(element.typeName), not an object")
        }
        objects.append(object)
      }
      return objects
    default:
      throw APIError.decoding("the response is \(root.typeName), not an object")
    }
  }

  package func decodeLocation(_ object: JSONObject, position: Int) throws(APIError)
    -> LocationBlock
  {
    if object["error"]?.boolValue == true {
      throw APIError.rejected(reason: object["reason"]?.stringValue ?? "unspecified error")
    }
    guard let offsetValue = object["utc_offset_seconds"] else {
      throw APIError.decoding("missing utc_offset_seconds")
    }
    guard let offset = offsetValue.integerValue, abs(offset) <= 26 * 3600 else {
      throw APIError.decoding("utc_offset_seconds is not a whole number of seconds within ±26 h")
    }
    var location = LocationBlock(
      locationID: object["location_id"]?.integerValue.map { Int(truncatingIfNeeded: $0) }
        ?? position,
      latitude: object["latitude"]?.doubleValue, longitude: object["longitude"]?.doubleValue,
      elevation: object["elevation"]?.doubleValue, utcOffsetSeconds: Int(offset),
      timezone: object["timezone"]?.stringValue)
    if let hourly = object["hourly"] {
      location.hourly = try decodeSeries(
        hourly, units: object["hourly_units"], frequency: .hourly,
        offset: location.utcOffsetSeconds,
        warnings: &location.warnings, dropped: &location.droppedValues)
    }
    if let daily = object["daily"] {
      location.daily = try decodeSeries(
        daily, units: object["daily_units"], frequency: .daily, offset: location.utcOffsetSeconds,
        warnings: &location.warnings, dropped: &location.droppedValues)
    }
    if let current = object["current"] {
      location.current = try decodeCurrent(
        current, units: object["current_units"], offset: location.utcOffsetSeconds,
        warnings: &location.warnings, dropped: &location.droppedValues)
    }
    return location
  }

  // MARK: - Keys

  /// Splits `temperature_2m_previous_day2_ecmwf_ifs025` into its parts, or nil when the key is
  /// not a stored variable for this frequency and model set.
  package func parseKey(_ key: String, frequency: WeatherVariable.Frequency) -> SeriesKey? {
    var best: WeatherVariable?
    for variable in WeatherVariable.allCases where variable.frequency == frequency {
      let name = variable.apiName
      if key.hasPrefix(name), name.count > (best?.apiName.count ?? 0) { best = variable }
    }
    guard let variable = best else { return nil }
    var rest = Substring(key.dropFirst(variable.apiName.count))
    var previousDay = 0
    if rest.hasPrefix("_previous_day") {
      let digits = rest.dropFirst("_previous_day".count).prefix { $0.isNumber }
      guard let day = Int(digits), (1...7).contains(day) else { return nil }
      previousDay = day
      rest = rest.dropFirst("_previous_day".count + digits.count)
    }
    if rest.isEmpty {
      guard models.count < 2 else { return nil }
      return SeriesKey(variable, model: defaultModel, previousDay: previousDay)
    }
    guard rest.hasPrefix("_"), models.count >= 2 else { return nil }
    let model = String(rest.dropFirst())
    guard models.contains(model) else { return nil }
    return SeriesKey(variable, model: model, previousDay: previousDay)
  }

  // MARK: - Blocks

  package func decodeSeries(
    _ value: JSONValue, units: JSONValue?, frequency: WeatherVariable.Frequency, offset: Int,
    warnings: inout [String], dropped: inout [String]
  ) throws(APIError) -> SeriesBlock {
    guard case .object(let block) = value else {
      throw APIError.decoding("\(frequency.rawValue) is \(value.typeName), not an object")
    }
    let blockName = frequency.rawValue
    guard let timeValue = block["time"] else {
      throw APIError.decoding("\(blockName) has no time array")
    }
    var series = SeriesBlock()
    let timeUnit = units?["time"]?.stringValue
    if frequency == .hourly {
      series.instants = try decodeInstants(timeValue, name: "\(blockName).time", offset: offset)
    } else {
      series.dates = try decodeDates(
        timeValue, name: "\(blockName).time", offset: offset, unit: timeUnit)
    }
    let count = series.count
    for (key, column) in zip(block.keys, block.values) where key != "time" {
      guard let seriesKey = parseKey(key, frequency: frequency) else {
        warnings.append("ignored \(blockName) variable \(key) (not stored by skycast)")
        continue
      }
      let unit = units?[key]?.stringValue
      var values: [Double?]
      if seriesKey.variable.quantity == .instant {
        values = try decodeInstantColumn(column, name: "\(blockName).\(key)", offset: offset)
      } else {
        guard let numbers = column.numberArray else {
          throw APIError.decoding("\(blockName).\(key) is not an array of numbers")
        }
        values = numbers
      }
      guard values.count == count else {
        throw APIError.decoding(
          "\(blockName).\(key) has \(values.count) values but \(blockName).time has \(count) (arrays of different lengths)"
        )
      }
      try convert(
        &values, variable: seriesKey.variable, unit: unit, name: "\(blockName).\(key)",
        warnings: &warnings)
      Self.dropImplausible(
        &values, variable: seriesKey.variable, name: "\(blockName).\(key)", warnings: &dropped)
      series.columns[seriesKey] = values
    }
    return series
  }

  package func decodeCurrent(
    _ value: JSONValue, units: JSONValue?, offset: Int, warnings: inout [String],
    dropped: inout [String]
  ) throws(APIError) -> CurrentBlock {
    guard case .object(let block) = value, let timeValue = block["time"] else {
      throw APIError.decoding("current has no time")
    }
    let time = try decodeInstants(.array([timeValue]), name: "current.time", offset: offset)[0]
    var current = CurrentBlock(
      time: time,
      intervalSeconds: block["interval"]?.integerValue.map { Int(truncatingIfNeeded: $0) })
    for (key, item) in zip(block.keys, block.values) where key != "time" && key != "interval" {
      guard let seriesKey = parseKey(key, frequency: .hourly) else {
        warnings.append("ignored current variable \(key) (not stored by skycast)")
        continue
      }
      var values: [Double?]
      switch item {
      case .null: values = [nil]
      case .number(let number): values = [number]
      default: throw APIError.decoding("current.\(key) is \(item.typeName), not a number")
      }
      try convert(
        &values, variable: seriesKey.variable, unit: units?[key]?.stringValue,
        name: "current.\(key)", warnings: &warnings)
      Self.dropImplausible(
        &values, variable: seriesKey.variable, name: "current.\(key)", warnings: &dropped)
      current.values[seriesKey] = values[0]
    }
    return current
  }

  // MARK: - Times

  package func decodeInstants(_ value: JSONValue, name: String, offset: Int) throws(APIError)
    -> [Int64]
  {
    if let numbers = value.numberArray {
      var instants: [Int64] = []
      instants.reserveCapacity(numbers.count)
      for number in numbers {
        guard let number, number.isFinite, abs(number) < 1e12 else {
          throw APIError.decoding("\(name) contains a null or invalid unixtime")
        }
        instants.append(Int64(number))
      }
      return instants
    }
    guard let elements = value.arrayValue else {
      throw APIError.decoding("\(name) is \(value.typeName), not an array")
    }
    var instants: [Int64] = []
    instants.reserveCapacity(elements.count)
    for element in elements {
      guard let text = element.stringValue, let wall = WallClock.secondsAsUTC(text) else {
        throw APIError.decoding("\(name) has an invalid time \(element)")
      }
      instants.append(wall - Int64(offset))
    }
    return instants
  }

  package func decodeDates(_ value: JSONValue, name: String, offset: Int, unit: String?)
    throws(APIError)
    -> [LocalDate]
  {
    if let numbers = value.numberArray {
      var dates: [LocalDate] = []
      for number in numbers {
        guard let number, number.isFinite, abs(number) < 1e12 else {
          throw APIError.decoding("\(name) contains a null or invalid unixtime")
        }
        dates.append(
          LocalDate(
            dayNumber: WallClock.floorDivide(Int64(number) + Int64(offset), 86_400).quotient))
      }
      return dates
    }
    guard let elements = value.arrayValue else {
      throw APIError.decoding("\(name) is \(value.typeName), not an array")
    }
    var dates: [LocalDate] = []
    dates.reserveCapacity(elements.count)
    for element in elements {
      guard let text = element.stringValue, let date = LocalDate(text) else {
        throw APIError.decoding("\(name) has an invalid date \(element)")
      }
      dates.append(date)
    }
    return dates
  }

  /// Sunrise/sunset columns: local ISO times or unixtime, stored as epoch seconds.
  package func decodeInstantColumn(_ value: JSONValue, name: String, offset: Int) throws(APIError)
    -> [Double?]
  {
    if let numbers = value.numberArray {
      for number in numbers {
        guard let number else { continue }
        guard number.rounded() == number, abs(number) < 1e12 else {
          throw APIError.decoding("\(name) contains an invalid unixtime \(number)")
        }
      }
      return numbers
    }
    guard let elements = value.arrayValue else {
      throw APIError.decoding("\(name) is \(value.typeName), not an array")
    }
    var result: [Double?] = []
    for element in elements {
      switch element {
      case .null: result.append(nil)
      case .string(let text):
        guard let wall = WallClock.secondsAsUTC(text) else {
          throw APIError.decoding("\(name) has an invalid time \(text)")
        }
        result.append(Double(wall - Int64(offset)))
      default: throw APIError.decoding("\(name) has a \(element.typeName) where a time belongs")
      }
    }
    return result
  }

  // MARK: - Plausibility

  /// Replaces physically impossible values (9999 °C, humidity 9999 %, ±1e308) with nil and says
  /// how many: a server's value is checked like a value from the user, but one bad number must
  /// not cost the whole forecast.
  package static func dropImplausible(
    _ values: inout [Double?], variable: WeatherVariable, name: String, warnings: inout [String]
  ) {
    var dropped = 0
    var example: Double?
    for index in values.indices {
      guard let value = values[index], !variable.isPlausible(value) else { continue }
      values[index] = nil
      dropped += 1
      if example == nil { example = value }
    }
    guard dropped > 0, let example else { return }
    warnings.append(
      "\(name): \(dropped) value\(dropped == 1 ? "" : "s") outside the plausible range "
        + "\(variable.plausibleRangeText) (e.g. \(NumberText.shortest(example))) stored as NULL")
  }

  // MARK: - Units

  package func convert(
    _ values: inout [Double?], variable: WeatherVariable, unit: String?, name: String,
    warnings: inout [String]
  ) throws(APIError) {
    guard let unit else {
      warnings.append(
        "\(name) has no unit; assuming \(variable.unit.isEmpty ? "none" : variable.unit)")
      return
    }
    if unit == "undefined" {
      guard values.allSatisfy({ $0 == nil }) else {
        throw APIError.decoding("\(name) has unit \"undefined\" but carries values")
      }
      warnings.append("\(name) is not available from this model (unit \"undefined\", all null)")
      return
    }
    guard let converter = variable.quantity.converter(from: unit) else {
      throw APIError.decoding("unknown unit \"\(unit)\" for \(name)")
    }
    if variable.quantity.isCanonical(unit) { return }
    for index in values.indices {
      if let value = values[index] { values[index] = converter(value) }
    }
  }
}
