import Testing

@testable import SkycastModel
@testable import Store

/// `StationLink.description` formats any stored difference without trapping.
@Suite struct StationLinkDescriptionTests {
  @Test("an elevation difference of 1e19 m (a link of before the check) prints, never traps")
  func hugeDifference() {
    let station = Station(
      provider: .dwd, id: "03987", name: "Potsdam", latitude: 52.38, longitude: 13.06,
      elevation: 1e19)
    for (difference, expected) in [
      (1e19, ", +10000000000000000000 m"), (-1e19, ", −10000000000000000000 m"), (45.4, ", +45 m"),
      (-12.6, ", −13 m"),
    ] {
      let link = StationLink(
        cityID: 1, station: station, distanceKm: 12.3, elevationDifference: difference,
        isDefault: true)
      #expect(link.description.hasSuffix(expected), "\(link.description)")
    }
    let unknown = StationLink(
      cityID: 1, station: station, distanceKm: 12.3, elevationDifference: .infinity,
      isDefault: true)
    #expect(unknown.description.hasSuffix("12.3 km away"), "\(unknown.description)")
  }
}
