import SkycastModel

/// The Geocoding API: `/v1/search?name=&count=&language=&countryCode=&format=json`.
public enum Geocoding {
  public static func request(
    name: String, count: Int = 10, language: String?, countryCode: String?, base: String
  ) -> APIRequest {
    var query: [(String, String)] = [("name", name), ("count", String(count))]
    if let language { query.append(("language", language)) }
    if let countryCode { query.append(("countryCode", countryCode.uppercased())) }
    query.append(("format", "json"))
    return APIRequest(base: base, path: "/v1/search", query: query)
  }

  /// Decodes a search answer. No match comes back without a `results` key at all.
  public static func decode(_ bytes: [UInt8]) throws(APIError) -> [GeocodingResult] {
    let root: JSONValue
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      throw APIError.decoding(error.description)
    }
    guard case .object(let object) = root else {
      throw APIError.decoding("the geocoding response is \(root.typeName), not an object")
    }
    if object["error"]?.boolValue == true {
      throw APIError.rejected(reason: object["reason"]?.stringValue ?? "unspecified error")
    }
    guard let results = object["results"] else { return [] }
    guard let elements = results.arrayValue else {
      throw APIError.decoding("results is \(results.typeName), not an array")
    }
    return try elements.enumerated().map { (offset, element) throws(APIError) -> GeocodingResult in
      guard case .object(let item) = element, let id = item["id"]?.integerValue,
        let name = item["name"]?.stringValue, let latitude = item["latitude"]?.doubleValue,
        let longitude = item["longitude"]?.doubleValue
      else {
        throw APIError.decoding("result \(offset) lacks id, name, latitude or longitude")
      }
      return GeocodingResult(
        id: id, name: name, latitude: latitude, longitude: longitude,
        elevation: item["elevation"]?.doubleValue, featureCode: item["feature_code"]?.stringValue,
        countryCode: item["country_code"]?.stringValue, country: item["country"]?.stringValue,
        admin1: item["admin1"]?.stringValue, admin2: item["admin2"]?.stringValue,
        timezone: item["timezone"]?.stringValue,
        population: item["population"]?.integerValue)
    }
  }
}
