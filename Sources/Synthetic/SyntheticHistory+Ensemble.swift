import SkycastModel

extension SyntheticHistory {
  /// The variables of a synthetic ensemble body (the Ensemble API's defaults in `collect`).
  public static let ensembleVariables: [WeatherVariable] = [
    .temperature2m, .precipitation, .windSpeed10m,
  ]

  /// One Ensemble API response (`/v1/ensemble`, one model, `timeformat=unixtime`) issued at
  /// `issuedAt`: the control (member 0) and `members` perturbed members, hours from the local
  /// midnight of the issue day, `days` days.
  ///
  /// Each member is the truth plus a shared error of the run (the same for every member, so
  /// the ensemble mean is wrong as a real one is) plus its own error, both growing with lead:
  /// temperature `truth + 0.2 + σ(0.65·shared + 0.7·own)`, σ = 0.45 + 0.13·lead days, so the
  /// spread is a little smaller than the error of the mean (its bias adds to the error:
  /// slightly under-dispersive, as real ensembles are); precipitation is the truth shifted by the member's timing error;
  /// wind speed scales with the member's error.
  public func ensembleBody(place index: Int, issuedAt: Int64, members: Int, days: Int) -> [UInt8] {
    let weather = weathers[index]
    let place = places[index]
    let zone = weather.zone
    let offset = zone.offset(at: issuedAt)
    let start = zone.localDate(issuedAt).midnightAsUTC - Int64(offset)
    var random = SplitMix64(
      seed: seed ^ SyntheticWeather.hash(place.name) ^ UInt64(bitPattern: issuedAt)
        ^ SyntheticWeather.hash(FetchSource.ensemble.rawValue))
    let shared = (0...days + 1).map { _ in random.nextGaussian() }
    let sharedTiming = random.nextGaussian()
    struct Member {
      var daily: [Double]
      var timing: Double
      var wind: Double
    }
    let perturbations = (0...members).map { _ in
      Member(
        daily: (0...days + 1).map { _ in random.nextGaussian() }, timing: random.nextGaussian(),
        wind: random.nextGaussian())
    }
    let times = (0..<(days * 24)).map { start + Int64($0) * 3600 }
    var columns: [(key: String, variable: WeatherVariable, values: [Double])] = []
    for variable in Self.ensembleVariables {
      for (member, perturbation) in perturbations.enumerated() {
        let key =
          member == 0 ? variable.apiName : variable.apiName + "_member" + LocalDate.pad(member, 2)
        let values = times.map { valid -> Double in
          let leadDays = max(0, Double(valid - issuedAt) / 86_400)
          let day = min(shared.count - 1, Int(leadDays))
          let sigma = 0.45 + 0.13 * leadDays
          switch variable {
          case .precipitation:
            let shift = (0.8 * sharedTiming + 0.6 * perturbation.timing) * 3600 * 1.5 * leadDays
            return weather.hour(valid + Int64(shift)).precipitation
          case .windSpeed10m:
            return max(
              0, weather.hour(valid).windSpeed * (1 + 0.05 * leadDays * perturbation.wind))
          default:
            return weather.hour(valid).temperature + 0.2 + sigma
              * (0.65 * shared[day] + 0.7 * perturbation.daily[day])
          }
        }
        columns.append((key, variable, values))
      }
    }
    var writer = BodyWriter()
    writer.header(place: place, offset: offset, timezone: place.timezone)
    writer.key("hourly_units")
    writer.raw(
      "{\"time\":\"unixtime\","
        + columns.map { "\"\($0.key)\":\"\($0.variable.unit)\"" }.joined(separator: ",") + "},")
    writer.key("hourly")
    writer.raw("{\"time\":[" + times.map(String.init).joined(separator: ",") + "]")
    for column in columns {
      writer.raw(",\"\(column.key)\":[")
      for (position, value) in column.values.enumerated() {
        if position > 0 { writer.raw(",") }
        writer.number(value, decimals: column.variable.decimals)
      }
      writer.raw("]")
    }
    writer.raw("}}")
    return writer.bytes
  }
}
