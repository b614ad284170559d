import OpenMeteo
import Testing

@testable import Collect

@Suite struct ModelRunRecordTests {
  static let run = ModelRunMeta(initialisation: 1_773_964_800, availability: 1_773_980_400)
  /// An hour after the run became available.
  static let fetchedAt: Int64 = 1_773_984_000

  @Test("the same run before and after the call is recorded with its availability")
  func sameRun() {
    #expect(
      ModelRunRecord.from(
        model: "ecmwf_ifs025", before: .success(Self.run), after: .success(Self.run),
        fetchedAt: Self.fetchedAt)
        == ModelRunRecord(initialisedAt: 1_773_964_800, availableAt: 1_773_980_400, note: nil))
  }

  @Test("a changed run, a blend and missing metadata leave the run empty with the reason")
  func unknown() {
    var later = Self.run
    later.initialisation += 21_600
    let changed = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .success(Self.run), after: .success(later),
      fetchedAt: Self.fetchedAt)
    #expect(changed.initialisedAt == nil && changed.availableAt == nil)
    #expect(
      changed.note
        == "the run changed during the call (2026-03-20T00:00Z before, 2026-03-20T06:00Z after)")
    let blend = ModelRunRecord.from(
      model: "best_match", before: nil, after: nil, fetchedAt: Self.fetchedAt)
    #expect(blend.initialisedAt == nil && blend.note?.contains("blends") == true)
    let missing = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .failure(.http(status: 404, reason: "Not Found")),
      after: .success(Self.run), fetchedAt: Self.fetchedAt)
    #expect(missing.initialisedAt == nil && missing.note?.hasPrefix("no run metadata: ") == true)
  }

  /// A run in 2199, or one whose availability lies more than the clock skew after the fetch,
  /// cannot be behind it: no run is recorded, and the note says why.
  @Test("a run initialised or available after the fetch is refused with the reason")
  func laterThanFetch() {
    let future = ModelRunMeta(initialisation: 7_226_582_400, availability: 7_226_596_800)
    let refused = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .success(future), after: .success(future),
      fetchedAt: Self.fetchedAt)
    #expect(refused.initialisedAt == nil && refused.availableAt == nil)
    #expect(
      refused.note
        == "meta.json refused: its run 2199-01-01T00:00Z, available 2199-01-01T04:00Z, is later than this fetch at 2026-03-20T05:20Z"
    )
    var late = Self.run
    late.availability = Self.fetchedAt + ModelRunRecord.clockSkew + 1
    let lateRecord = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .success(late), after: .success(late),
      fetchedAt: Self.fetchedAt)
    #expect(
      lateRecord.initialisedAt == nil && lateRecord.note?.hasPrefix("meta.json refused") == true)
    late.availability = Self.fetchedAt + ModelRunRecord.clockSkew
    let skewed = ModelRunRecord.from(
      model: "ecmwf_ifs025", before: .success(late), after: .success(late),
      fetchedAt: Self.fetchedAt)
    #expect(skewed.initialisedAt == Self.run.initialisation, "within the clock skew")
  }
}
