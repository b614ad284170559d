import SkycastModel

/// Decodes Ensemble API (`/v1/ensemble`) bodies: per location, per model and variable, every
/// member's hourly values in canonical units, ready to be packed one time step at a time.
///
/// Key layout (open-meteo/open-meteo `Sources/App/Helper/Writer/ForecastApiResult.swift`,
/// `toApiSectionString`): member 0, the control, is the bare variable name (`temperature_2m`),
/// member k is `temperature_2m_memberNN` (two digits), and when several models are requested
/// every key ends in `_<model>`. Models may have different member counts; a member missing for
/// one variable, or `null` throughout, is kept as NaN so member numbers stay aligned. Units are
/// per key and converted like the forecast decoder's.
public struct EnsembleDecoder: Sendable {
  /// The requested models, in request order.
  public var models: [String]
  /// The variables asked for; other keys are ignored with a warning.
  public var variables: [WeatherVariable]

  public init(models: [String], variables: [WeatherVariable]) {
    self.models = models
    self.variables = variables
  }

  /// Decodes a whole body (one object, or an array for several locations).
  public func decode(_ bytes: [UInt8]) throws(APIError) -> [EnsembleBlock] {
    try ResponseDecoder.locationObjects(bytes).enumerated().map {
      (position, object) throws(APIError) in
      try decodeLocation(object, position: position)
    }
  }

  /// One parsed key: which variable, member and model it holds.
  package struct MemberKey: Equatable {
    package var variable: WeatherVariable
    package var member: Int
    package var model: String
  }

  /// Splits `temperature_2m_member07_ncep_gefs025` into its parts, or nil for a key that is not
  /// a requested variable of a requested model.
  package func parseKey(_ key: String) -> MemberKey? {
    var best: WeatherVariable?
    for variable in variables where key.hasPrefix(variable.apiName) {
      if variable.apiName.count > (best?.apiName.count ?? 0) { best = variable }
    }
    guard let variable = best else { return nil }
    var rest = Substring(key.dropFirst(variable.apiName.count))
    var member = 0
    if rest.hasPrefix("_member") {
      let digits = rest.dropFirst("_member".count).prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, let number = Int(digits), number > 0, number < 1000 else {
        return nil
      }
      member = number
      rest = rest.dropFirst("_member".count + digits.count)
    }
    if rest.isEmpty {
      guard models.count == 1 else { return nil }
      return MemberKey(variable: variable, member: member, model: models[0])
    }
    guard rest.hasPrefix("_") else { return nil }
    let suffix = String(rest.dropFirst())
    for model in models where EnsembleModel.suffixes(for: model).contains(suffix) {
      return MemberKey(variable: variable, member: member, model: model)
    }
    return nil
  }

  package func decodeLocation(_ object: JSONObject, position: Int) throws(APIError)
    -> EnsembleBlock
  {
    if object["error"]?.boolValue == true {
      throw APIError.rejected(reason: object["reason"]?.stringValue ?? "unspecified error")
    }
    guard let offset = object["utc_offset_seconds"]?.integerValue, abs(offset) <= 26 * 3600 else {
      throw APIError.decoding("missing or invalid utc_offset_seconds")
    }
    var location = LocationBlock(
      locationID: object["location_id"]?.integerValue.map { Int(truncatingIfNeeded: $0) }
        ?? position,
      latitude: object["latitude"]?.doubleValue, longitude: object["longitude"]?.doubleValue,
      elevation: object["elevation"]?.doubleValue, utcOffsetSeconds: Int(offset),
      timezone: object["timezone"]?.stringValue)
    guard case .object(let block)? = object["hourly"] else {
      throw APIError.decoding("the ensemble reply has no hourly block")
    }
    guard let timeValue = block["time"] else { throw APIError.decoding("hourly has no time array") }
    let forecast = ResponseDecoder(models: models)
    let instants = try forecast.decodeInstants(timeValue, name: "hourly.time", offset: Int(offset))
    let units = object["hourly_units"]
    var columns: [EnsembleKey: [Int: [Double?]]] = [:]
    var notes: [EnsembleKey: (dropped: Int, undefined: Int)] = [:]
    for (key, column) in zip(block.keys, block.values) where key != "time" {
      guard let parsed = parseKey(key) else {
        location.warnings.append("ignored hourly variable \(key) (not a requested ensemble column)")
        continue
      }
      guard var values = column.numberArray else {
        throw APIError.decoding("hourly.\(key) is not an array of numbers")
      }
      guard values.count == instants.count else {
        throw APIError.decoding(
          "hourly.\(key) has \(values.count) values but hourly.time has \(instants.count) "
            + "(arrays of different lengths)")
      }
      var scratch: [String] = []
      try forecast.convert(
        &values, variable: parsed.variable, unit: units?[key]?.stringValue, name: "hourly.\(key)",
        warnings: &scratch)
      let ensembleKey = EnsembleKey(variable: parsed.variable, model: parsed.model)
      if !scratch.isEmpty, values.allSatisfy({ $0 == nil }) {
        notes[ensembleKey, default: (0, 0)].undefined += 1
      } else {
        location.warnings += scratch
      }
      var dropped: [String] = []
      ResponseDecoder.dropImplausible(
        &values, variable: parsed.variable, name: key, warnings: &dropped)
      if !dropped.isEmpty {
        notes[ensembleKey, default: (0, 0)].dropped += 1
      }
      columns[ensembleKey, default: [:]][parsed.member] = values
    }
    for (key, note) in notes where note.dropped > 0 {
      location.droppedValues.append(
        "\(key): impossible member values (outside \(key.variable.plausibleRangeText)) stored as NaN"
      )
    }
    for (key, note) in notes where note.undefined > 0 {
      location.warnings.append(
        "\(key): \(note.undefined) member column\(note.undefined == 1 ? "" : "s") not available "
          + "from this model (all null)")
    }
    var ensemble = EnsembleBlock(location: location, instants: instants)
    var control = SeriesBlock()
    control.instants = instants
    for (key, members) in columns {
      let count = (members.keys.max() ?? 0) + 1
      var steps = [[Float]](
        repeating: [Float](repeating: .nan, count: count), count: instants.count)
      for (member, values) in members {
        for (step, value) in values.enumerated() {
          if let value { steps[step][member] = Float(value) }
        }
      }
      ensemble.steps[key] = steps
      ensemble.memberCounts[key.model] = max(ensemble.memberCounts[key.model] ?? 0, count)
      control.columns[SeriesKey(key.variable, model: key.model)] = members[0] ?? []
    }
    // Every variable of a model has as many members as the model's widest variable.
    for (key, steps) in ensemble.steps {
      let count = ensemble.memberCounts[key.model] ?? 0
      if let first = steps.first, first.count < count {
        ensemble.steps[key] = steps.map { $0 + [Float](repeating: .nan, count: count - $0.count) }
      }
    }
    ensemble.location.hourly = control
    return ensemble
  }
}
