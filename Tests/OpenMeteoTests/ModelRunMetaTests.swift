import Testing

@testable import OpenMeteo

@Suite struct ModelRunMetaTests {
  @Test("reads the run times of a meta.json body; refuses a body without them")
  func decode() throws {
    let body = Array(
      #"{"last_run_initialisation_time":1773964800,"last_run_modification_time":1773979800,"last_run_availability_time":1773980400,"temporal_resolution_seconds":3600,"data_end_time":1775347200,"update_interval_seconds":21600}"#
        .utf8)
    #expect(
      try ModelRunMeta.decode(body)
        == ModelRunMeta(
          initialisation: 1_773_964_800, availability: 1_773_980_400, updateInterval: 21_600))
    #expect(throws: APIError.self) {
      try ModelRunMeta.decode(Array(#"{"last_run_initialisation_time":1773964800}"#.utf8))
    }
    #expect(throws: APIError.self) { try ModelRunMeta.decode(Array("[]".utf8)) }
    #expect(throws: APIError.self) {
      try ModelRunMeta.decode(
        Array(
          #"{"last_run_initialisation_time":99999999999,"last_run_availability_time":1}"#.utf8))
    }
  }

  @Test("a blend has no meta.json; named domains replace API model names")
  func domains() {
    #expect(ModelRunMeta.domain(forModel: "best_match") == nil)
    #expect(ModelRunMeta.domain(forModel: "icon_seamless") == nil)
    #expect(ModelRunMeta.domain(forModel: "icon_global") == "dwd_icon")
    #expect(ModelRunMeta.domain(forModel: "ecmwf_ifs025") == "ecmwf_ifs025")
    let request = ModelRunMeta.request(domain: "dwd_icon", base: "https://api.open-meteo.com")
    #expect(request.path == "/data/dwd_icon/static/meta.json" && request.weight == 0)
  }

  @Test(
    "a run before 2000, or available before its initialisation, refuses the meta.json",
    arguments: [
      (0, 3600, "last_run_initialisation_time 1970-01-01T00:00Z is before 2000"),
      (946_684_799, 946_690_000, "last_run_initialisation_time 1999-12-31T23:59Z is before 2000"),
      (
        1_773_964_800, 1_771_372_800,
        "last_run_availability_time 2026-02-18T00:00Z is before the run's initialisation 2026-03-20T00:00Z"
      ),
    ])
  func impossibleRuns(initialisation: Int64, availability: Int64, reason: String) {
    let body = Array(
      #"{"last_run_initialisation_time":\#(initialisation),"last_run_availability_time":\#(availability)}"#
        .utf8)
    #expect(throws: APIError.decoding("meta.json's \(reason)")) { try ModelRunMeta.decode(body) }
    let fine = Array(
      #"{"last_run_initialisation_time":946684800,"last_run_availability_time":946684800}"#.utf8)
    #expect(
      (try? ModelRunMeta.decode(fine))
        == ModelRunMeta(initialisation: 946_684_800, availability: 946_684_800))
  }
}
