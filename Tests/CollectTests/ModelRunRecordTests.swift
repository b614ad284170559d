import OpenMeteo
import Testing

@testable import Collect

@Suite struct ModelRunRecordTests {
  static let run = ModelRunMeta(initialisation: 1_773_964_800, availability: 1_773_980_400)

  @Test("the same run before and after the call is recorded with its availability")
  func sameRun() {
    #expect(
      ModelRunRecord.from(
        model: "ecmwf_ifs025", before: .success(Self.run), after: .success(Self.run))
        == ModelRunRecord(initialisedAt: 1_773_964_800, availableAt: 1_773_980_400, note: nil))
  }

  @Test("a changed run, a blend and missing metadata leave the run empty with the reason")
  func unknown() {
    var later = Self.run
    later.initialisation += 21_600
    let changed = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .success(Self.run), after: .success(later))
    #expect(changed.initialisedAt == nil && changed.availableAt == nil)
    #expect(
      changed.note
        == "the run changed during the call (2026-03-20T00:00Z before, 2026-03-20T06:00Z after)")
    let blend = ModelRunRecord.from(model: "best_match", before: nil, after: nil)
    #expect(blend.initialisedAt == nil && blend.note?.contains("blends") == true)
    let missing = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .failure(.http(status: 404, reason: "Not Found")),
      after: .success(Self.run))
    #expect(missing.initialisedAt == nil && missing.note?.hasPrefix("no run metadata: ") == true)
  }
}
