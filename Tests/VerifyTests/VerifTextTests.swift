import Testing

@testable import SkycastModel
@testable import Store
@testable import Verify

/// verif's text input: the `p0.1` column of precipitation pairs and the `e<member>` columns of
/// ensemble values, by value.
@Suite struct VerifTextTests {
  /// 2026-03-01 06:00 UTC.
  static let issued: Int64 = 1_772_323_200 + 6 * 3600
  static let city = City(
    id: 7, name: "Alpha", latitude: 47.5, longitude: -11.25, elevation: 720, timezone: "UTC")

  static func request(_ variable: WeatherVariable) -> VerifyRequest {
    VerifyRequest(
      variable: variable, observationSource: "era5", period: nil, sources: ["forecast"],
      models: ["best_match"], cityIDs: [], groupBy: [], event: nil, includePast: false,
      skill: nil)
  }

  static func pair(probability: Double?, lead: Int64 = 3) -> VerifyPair {
    var pair = VerifyPair(
      cityID: 7, source: "forecast", model: "best_match", issuedAt: issued,
      validAt: issued + lead * 3600, date: nil, lead: lead, forecast: 0.4, observed: 0)
    pair.probability = probability
    return pair
  }

  /// verif's `p0.1` is P(obs ≤ 0.1 mm); Open-Meteo's probability is P(> 0.1 mm) in percent.
  @Test(
    "p0.1 is 1 − probability/100: 30 % gives 0.7, 70 % 0.3 (not 0.30000000000000004)",
    arguments: [
      (30.0, 0.7), (70, 0.3), (0, 1.0), (100, 0.0), (12.5, 0.875), (1, 0.99), (99, 0.01),
    ])
  func cdf(percent: Double, expected: Double) {
    #expect(VerifText.cdf(percent: percent) == expected)
    #expect(NumberText.shortest(VerifText.cdf(percent: percent) ?? .nan) == "\(expected)")
  }

  /// Such a value is left out of `bs` by `verify`, and so of verif's score.
  @Test(
    "no probability, or one outside 0–100 %, has no p0.1",
    arguments: [nil, -1, 100.5, .nan] as [Double?])
  func noCDF(percent: Double?) {
    #expect(VerifText.cdf(percent: percent) == nil)
  }

  @Test("hourly precipitation gets the p0.1 column; other variables do not")
  func header() {
    #expect(
      VerifText.header(Self.request(.precipitation)) == """
        # variable: precipitation
        # units: mm
        date hour leadtime location lat lon altitude obs fcst p0.1

        """)
    #expect(VerifText.hasProbabilityColumn(Self.request(.precipitation)))
    #expect(!VerifText.hasProbabilityColumn(Self.request(.temperature2m)))
    #expect(!VerifText.hasProbabilityColumn(Self.request(.precipitationSum)))
    #expect(
      VerifText.header(Self.request(.temperature2m)).hasSuffix(
        "date hour leadtime location lat lon altitude obs fcst\n"))
  }

  @Test("a pair's row ends with p0.1, or nan without a probability")
  func line() {
    #expect(
      VerifText.line(Self.pair(probability: 30), city: Self.city, probabilityColumn: true)
        == "20260301 6 3 7 47.5 -11.25 720.0 0.0 0.4 0.7\n")
    #expect(
      VerifText.line(Self.pair(probability: nil), city: Self.city, probabilityColumn: true)
        == "20260301 6 3 7 47.5 -11.25 720.0 0.0 0.4 nan\n")
    #expect(
      VerifText.line(Self.pair(probability: 30), city: Self.city)
        == "20260301 6 3 7 47.5 -11.25 720.0 0.0 0.4\n")
  }

  /// Issued 2026-03-01 06:00 UTC, lead 20 h: reference date 20260301, hour 6.
  @Test("ensemble rows: obs, the mean as fcst, then e0 … eN−1 in stored order, nan if absent")
  func ensembleLine() {
    let pair = EnsemblePair(
      cityID: 7, model: "m", validAt: Self.issued + 20 * 3600, leadHours: 20,
      members: [1.5, .nan, -0.25, 4], observed: 2)
    #expect(pair.mean == 1.75)
    #expect(
      VerifEnsembleText.header(variable: .temperature2m, members: 5) == """
        # variable: temperature_2m
        # units: °C
        date hour leadtime location lat lon altitude obs fcst e0 e1 e2 e3 e4

        """)
    // Five columns for four members: the last is past this value's count.
    #expect(
      VerifEnsembleText.line(pair, city: Self.city, members: 5)
        == "20260301 6 20 7 47.5 -11.25 720.0 2.0 1.75 1.5 nan -0.25 4.0 nan\n")
  }

  @Test("members print as the binary32 values they are stored as, and read back to them")
  func memberText() {
    for member: Float in [2.3, -0.1, 0, 1e-3, 12.345679, 1013.2] {
      let text = VerifEnsembleText.memberText(member)
      #expect(Float(text) == member, "\(text)")
    }
    #expect(VerifEnsembleText.memberText(2.3) == "2.3")
    #expect(VerifEnsembleText.memberText(0) == "0.0")
  }

  @Test("the ensemble mean sums the present members in ascending order, as the scores do")
  func mean() {
    let members: [Float] = [0.1, 0.7, 0.2, .nan, 0.3]
    let sorted = members.filter { !$0.isNaN }.map(Double.init).sorted()
    let scored = sorted.withUnsafeBufferPointer {
      EnsembleCase(sorted: $0, observation: 0, fair: false).mean
    }
    let pair = EnsemblePair(
      cityID: 1, model: "m", validAt: 0, leadHours: 0, members: members, observed: 0)
    #expect(pair.mean == scored)
    let empty = EnsemblePair(
      cityID: 1, model: "m", validAt: 0, leadHours: 0, members: [.nan, .nan], observed: 0)
    #expect(empty.mean == nil)
    #expect(
      VerifEnsembleText.line(empty, city: Self.city, members: 2)
        == "19700101 0 0 7 47.5 -11.25 720.0 0.0 nan nan nan\n")
  }
}
