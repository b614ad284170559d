import Foundation
import TestSupport
import Testing

/// The fake geocoder follows the geocoding API's matching rules and response shape.
@Suite struct FakeGeocodingTests {
  /// No match: 200 with only `generationtime_ms` (no `results` key), like the recorded fixture.
  @Test("answers a search without matches with no results key")
  func geocodingNoResults() async throws {
    let server = try FakeOpenMeteo.server(.geocoding)
    defer { server.stop() }
    let (status, body) = try await FakeOpenMeteoTests.fetch(
      server, "/v1/search?name=Atlantis&count=10&format=json")
    #expect(status == 200)
    let object = try FakeOpenMeteoTests.object(body)
    #expect(Array(object.keys) == ["generationtime_ms"])
    let text = String(decoding: body, as: UTF8.self)
    #expect(text.hasPrefix(#"{"generationtime_ms":"#) && text.hasSuffix("}"))
    let fixture = try FakeOpenMeteoTests.object(Fixtures.data("geocoding-empty-no-results-key"))
    #expect(Set(fixture.keys) == Set(object.keys))
  }

  /// The three Frederick results are the recorded ones, byte for byte.
  @Test("returns the recorded Frederick results exactly")
  func frederick() throws {
    let reply = FakeOpenMeteoTests.respond(
      "/v1/search?name=Frederick&count=10&language=en&format=json")
    let fixture = Fixtures.text("geocoding-frederick-3-results")
    func results(_ text: String) -> Substring? {
      guard let start = text.range(of: #"{"results":"#),
        let end = text.range(of: #","generationtime_ms""#)
      else { return nil }
      return text[start.upperBound..<end.lowerBound]
    }
    let ours = try #require(results(reply.bodyText))
    #expect(ours == results(fixture))
  }

  /// `name=北京&language=zh` ranks two small homonyms above the capital
  /// (open-meteo/geocoding-api#20); `name=Beijing` in English puts the capital first.
  @Test("ranks Beijing homonyms first in Chinese, like the real API")
  func beijing() throws {
    let zh = try FakeOpenMeteoTests.json(
      FakeOpenMeteoTests.respond("/v1/search?name=%E5%8C%97%E4%BA%AC&count=10&language=zh"))
    let results = try #require(zh["results"] as? [[String: Any]])
    #expect(results.count == 3)
    #expect(results.first?["admin1"] as? String == "重庆市")
    #expect(results.first?["population"] == nil)
    let capital = try #require(results.first { $0["id"] as? Int == 1_816_670 })
    #expect(capital["name"] as? String == "北京")
    #expect(capital["country"] as? String == "中国")
    #expect(capital["admin1"] as? String == "北京市")
    let en = try FakeOpenMeteoTests.json(
      FakeOpenMeteoTests.respond("/v1/search?name=Beijing&language=en"))
    let first = try #require((en["results"] as? [[String: Any]])?.first)
    #expect(first["id"] as? Int == 1_816_670)
    #expect(first["country"] as? String == "China")
  }

  @Test("matches two-letter names exactly and longer names by prefix")
  func matchingRules() throws {
    func names(_ query: String) throws -> [String] {
      let object = try FakeOpenMeteoTests.json(FakeOpenMeteoTests.respond("/v1/search?" + query))
      return (object["results"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    #expect(try names("name=Ii") == ["Ii"])
    #expect(try names("name=Iis") == ["Iisalmi"])
    #expect(try names("name=B") == [])
    #expect(try names("name=Ber") == ["Berlin", "Bern"])
    #expect(try names("name=zurich") == ["Zürich"])
    #expect(try names("name=L%27Aquila") == ["L'Aquila"])
    #expect(try names("name=Frederick&countryCode=US&count=2").count == 2)
    #expect(try names("name=Berlin&countryCode=CH") == [])
    let bad = FakeOpenMeteoTests.respond("/v1/search?name=Berlin&count=0")
    #expect(bad.status == 400)
    let docs = try FakeOpenMeteoTests.object(
      Fixtures.data("error-geocoding-invalid-count-docs-example"))
    #expect(try FakeOpenMeteoTests.json(bad)["reason"] as? String == docs["reason"] as? String)
  }

  /// Absent fields are omitted, never `null`: Berlin has no admin2, Beijing no postcodes.
  @Test("omits empty geocoding fields")
  func omittedFields() throws {
    let berlin = FakeOpenMeteoTests.respond("/v1/search?name=Berlin&count=1").bodyText
    #expect(!berlin.contains("admin2") && !berlin.contains("null"))
    #expect(berlin.contains(#""admin4":"Berlin""#))
  }
}
