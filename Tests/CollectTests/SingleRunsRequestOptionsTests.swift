import OpenMeteo
import SkycastModel
import Testing

@testable import Collect

@Suite struct SingleRunsRequestOptionsTests {
  @Test("runs from 00 UTC of the first date to the last run of the last, every N hours")
  func runs() throws {
    var options = SingleRunsRequestOptions(model: "ecmwf_ifs")
    let from = try #require(LocalDate("2026-04-05"))
    let to = try #require(LocalDate("2026-04-06"))
    options.everyHours = 12
    #expect(
      options.runs(from: from, to: to).map(SingleRunsRequestOptions.runText) == [
        "2026-04-05T00:00", "2026-04-05T12:00", "2026-04-06T00:00", "2026-04-06T12:00",
      ])
    options.everyHours = 24
    #expect(options.runs(from: from, to: from).count == 1)
  }

  @Test("the request names the model and the run; archive starts and blends")
  func request() throws {
    let city = City(
      id: 1, name: "Berlin", latitude: 52.52, longitude: 13.41, timezone: "Europe/Berlin")
    let options = SingleRunsRequestOptions(model: "ecmwf_ifs")
    let request = options.request(for: [city], run: 1_775_347_200, base: "http://127.0.0.1")
    let query = Dictionary(uniqueKeysWithValues: request.query)
    #expect(query["models"] == "ecmwf_ifs" && query["run"] == "2026-04-05T00:00")
    #expect(request.path == "/v1/forecast" && request.weight > 0)
    #expect(SingleRunsRequestOptions.archiveStart(model: "ecmwf_ifs").description == "2024-03-14")
    #expect(SingleRunsRequestOptions.archiveStart(model: "icon_global").description == "2026-04-02")
    #expect(SingleRunsRequestOptions.blendProblem(model: "best_match") != nil)
    #expect(SingleRunsRequestOptions.blendProblem(model: "gfs_seamless") != nil)
    #expect(SingleRunsRequestOptions.blendProblem(model: "ecmwf_ifs") == nil)
  }

  /// 2026-04-05T00:00Z and 06:00Z.
  static let midnightUTC: Int64 = 1_775_347_200
  static let sixUTC: Int64 = 1_775_368_800

  @Test("each run asks for its model's horizon in forecast_hours (00/12 UTC longer than 06/18)")
  func horizon() throws {
    let city = City(id: 1, name: "Reykjavik", latitude: 64.15, longitude: -21.94, timezone: "UTC")
    func hours(_ model: String, _ run: Int64) -> String? {
      Dictionary(
        uniqueKeysWithValues: SingleRunsRequestOptions(model: model).request(
          for: [city], run: run, base: "http://127.0.0.1"
        ).query)["forecast_hours"]
    }
    #expect(hours("ecmwf_ifs", Self.midnightUTC) == "361")
    #expect(hours("ecmwf_ifs", Self.sixUTC) == "145")
    #expect(hours("gfs_global", Self.sixUTC) == "385")
    #expect(hours("icon_global", Self.midnightUTC) == "181")
    #expect(hours("icon_global", Self.sixUTC) == "121")
    #expect(hours("some_future_model", Self.midnightUTC) == "169")
  }

  @Test("daily only for a run at local midnight in every city of the batch, with its whole days")
  func dailyAtLocalMidnight() throws {
    let utc = City(id: 1, name: "Reykjavik", latitude: 64.15, longitude: -21.94, timezone: "UTC")
    let berlin = City(
      id: 2, name: "Berlin", latitude: 52.52, longitude: 13.41, timezone: "Europe/Berlin")
    let unknown = City(id: 3, name: "Somewhere", latitude: 10, longitude: 10, timezone: nil)
    let options = SingleRunsRequestOptions(model: "ecmwf_ifs")
    func query(_ cities: [City], _ run: Int64) -> [String: String] {
      Dictionary(
        uniqueKeysWithValues: options.request(for: cities, run: run, base: "http://x").query)
    }
    let midnight = query([utc], Self.midnightUTC)
    #expect(midnight["daily"] != nil && midnight["forecast_days"] == "15")
    #expect(query([utc], Self.sixUTC)["daily"] == nil)
    #expect(query([berlin], Self.midnightUTC)["daily"] == nil)
    #expect(query([utc, berlin], Self.midnightUTC)["daily"] == nil)
    #expect(query([unknown], Self.midnightUTC)["daily"] == nil)
    #expect(query([berlin], Self.midnightUTC)["forecast_days"] == nil)
    // Berlin's local midnight in summer time is 22:00 UTC.
    #expect(query([berlin], Self.midnightUTC - 7200)["daily"] != nil)
    // Batches put the cities whose day starts at the run first, so they keep their daily values.
    let batches = SingleRunsRequestOptions.batches(
      [berlin, utc, unknown], run: Self.midnightUTC, size: 10)
    #expect(batches.map { $0.cities.map(\.id) } == [[1], [2, 3]])
  }
}
