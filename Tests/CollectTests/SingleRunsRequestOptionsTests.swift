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
}
