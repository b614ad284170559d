import Foundation
import TestSupport
import Testing

@testable import SkycastModel
@testable import Store

/// The station catalogue cache and city links (schema version 8).
@Suite struct StationCatalogueTests {
  static let stations = [
    Station(
      provider: .dwd, id: "00433", name: "Berlin-Tempelhof", latitude: 52.4675,
      longitude: 13.4021, elevation: 48, first: LocalDate("1938-01-01"),
      last: LocalDate("2026-11-30")),
    Station(
      provider: .dwd, id: "03987", name: "Potsdam", latitude: 52.3813, longitude: 13.0622,
      elevation: 81),
    Station(
      provider: .ghcnh, id: "GMM00010384", name: "BERLIN TEMPELHOF", latitude: 52.4667,
      longitude: 13.4, elevation: 49, variables: ["temperature", "precipitation"]),
    Station(provider: .ecad, id: "41", name: "MADRID", latitude: 40.4111, longitude: -3.6781),
  ]

  func makeStore() throws -> (Store, City, TemporaryDirectory) {
    let directory = TemporaryDirectory()
    let store = try Store(path: directory.file("stations.sqlite"))
    var berlin = City(name: "Berlin", latitude: 52.52, longitude: 13.41, timezone: "Europe/Berlin")
    berlin.elevation = 34
    let city = try store.addCity(berlin)
    try store.write { try store.cacheStations(Self.stations, loadedAt: 1_000) }
    return (store, city, directory)
  }

  @Test("search ranks by great-circle distance within the radius, per provider on request")
  func search() throws {
    let (store, city, directory) = try makeStore()
    _ = directory
    let near = try store.stations(
      near: city.latitude, city.longitude, radiusKm: 50, provider: nil, limit: 10)
    // DWD's Tempelhof is 5.84 km away, GHCNh's (0.0008° further south) 5.93 km, Potsdam
    // about 26 km; Madrid is out of range.
    #expect(near.map(\.station.id) == ["00433", "GMM00010384", "03987"])
    let distances = near.map(\.distanceKm)
    #expect(distances == distances.sorted())
    #expect(
      abs(
        distances[0]
          - GreatCircle.kilometres(52.52, 13.41, 52.4675, 13.4021)) < 1e-9)
    let dwd = try store.stations(
      near: city.latitude, city.longitude, radiusKm: 50, provider: .dwd, limit: 1)
    #expect(dwd.map(\.station.id) == ["00433"])
    #expect(try store.cachedStation(provider: .dwd, id: "00433") == Self.stations[0])
    #expect(try store.stationCatalogues().map(\.count) == [2, 1, 1])
  }

  @Test("links: several per city, one default, distance and elevation difference stored")
  func links() throws {
    let (store, city, directory) = try makeStore()
    _ = directory
    try store.write {
      try store.link(StationLink.between(city, Self.stations[0], isDefault: true), at: 2_000)
      try store.link(StationLink.between(city, Self.stations[1], isDefault: false), at: 2_000)
    }
    var links = try store.stationLinks(cityID: city.id)
    #expect(links.map(\.station.id) == ["00433", "03987"])
    #expect(links.map(\.isDefault) == [true, false])
    #expect(links[0].elevationDifference == 14)
    #expect(links[0].description.hasPrefix("dwd 00433 Berlin-Tempelhof, 5.9 km away, +14 m"))
    // A new default replaces the old one.
    try store.write {
      try store.link(StationLink.between(city, Self.stations[1], isDefault: true), at: 3_000)
    }
    links = try store.stationLinks(cityID: city.id)
    #expect(links.filter(\.isDefault).map(\.station.id) == ["03987"])
    #expect(
      try store.write { try store.unlink(cityID: city.id, provider: .dwd, stationID: "03987") })
    #expect(try store.stationLinks().map(\.station.id) == ["00433"])
  }
}
