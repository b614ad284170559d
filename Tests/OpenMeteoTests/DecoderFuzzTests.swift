import Foundation
import TestSupport
import Testing

@testable import OpenMeteo
@testable import SkycastModel
@testable import Synthetic

/// Mutated recorded responses: the decoder must always return a value or throw, never crash.
/// (A crash fails the whole test process, which is the assertion.)
@Suite struct DecoderFuzzTests {
  static let fixtures = [
    "forecast-copenhagen-current-hourly-daily-ms", "forecast-berlin-hourly-daily-sunrise-1day",
    "forecast-denver-current-daily", "archive-berlin-hourly-2024-01-01-to-02",
    "previous-runs-enschede-temperature-precipitation-day1-day2", "geocoding-frederick-3-results",
  ]

  /// Decodes with every decoder the product has; returns how many attempts threw.
  @discardableResult
  func decodeAll(_ bytes: [UInt8]) -> Int {
    var failures = 0
    for models in [[], ["era5"], ["gfs_seamless", "ecmwf_ifs025"]] {
      do { _ = try ResponseDecoder(models: models).decode(bytes) } catch { failures += 1 }
    }
    do { _ = try Geocoding.decode(bytes) } catch { failures += 1 }
    return failures
  }

  @Test("every truncation of every fixture decodes or throws", arguments: fixtures)
  func truncations(fixture: String) {
    let bytes = Array(Fixtures.data(fixture))
    // Prefixes that end before the closing brace (a trailing newline may be dropped validly).
    let end = bytes.lastIndex(of: UInt8(ascii: "}")) ?? bytes.count
    var threw = 0
    for length in 0..<end {
      threw += decodeAll(Array(bytes.prefix(length))) > 0 ? 1 : 0
    }
    #expect(threw == end, "every strict prefix of a JSON document is invalid")
  }

  @Test("seeded random byte flips, insertions and deletions never crash", arguments: fixtures)
  func byteMutations(fixture: String) {
    let original = Array(Fixtures.data(fixture))
    var random = SplitMix64(seed: SyntheticWeather.hash(fixture))
    let interesting: [UInt8] =
      Array(#"{}[],:"-.0123456789eEnulltruefalse\ "#.utf8) + [0, 0xFF, 0xC3, 0x80]
    for _ in 0..<600 {
      var bytes = original
      for _ in 0..<(1 + Int(random.next() % 4)) {
        let position = Int(random.next() % UInt64(max(1, bytes.count)))
        switch random.next() % 3 {
        case 0: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
        case 1:
          bytes.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: position)
        default: if !bytes.isEmpty { bytes.remove(at: position) }
        }
      }
      decodeAll(bytes)
    }
  }

  @Test(
    "dropped keys and swapped types are errors or partial data, never crashes", arguments: fixtures)
  func structuralMutations(fixture: String) throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Fixtures.data(fixture)) as? [String: Any])
    let replacements: [Any] = ["text", 1, NSNull(), [1, 2], ["a": 1], true, [String](), -1e308]
    var variants: [[String: Any]] = []
    for key in object.keys {
      var dropped = object
      dropped[key] = nil
      variants.append(dropped)
      for replacement in replacements {
        var swapped = object
        swapped[key] = replacement
        variants.append(swapped)
      }
      if let block = object[key] as? [String: Any] {
        for inner in block.keys {
          var droppedInner = block
          droppedInner[inner] = nil
          var outer = object
          outer[key] = droppedInner
          variants.append(outer)
          for replacement in replacements {
            var swappedInner = block
            swappedInner[inner] = replacement
            var swappedOuter = object
            swappedOuter[key] = swappedInner
            variants.append(swappedOuter)
          }
        }
      }
    }
    for variant in variants {
      let data = try JSONSerialization.data(withJSONObject: variant)
      decodeAll(Array(data))
    }
    #expect(variants.count > 10)
  }

  @Test("huge and deeply nested documents are handled")
  func hugeDocuments() {
    var huge = Array(
      #"{"utc_offset_seconds":0,"hourly_units":{"temperature_2m":"°C"},"hourly":{"time":["#.utf8)
    let count = 200_000
    for index in 0..<count {
      if index > 0 { huge.append(UInt8(ascii: ",")) }
      huge += Array(String(index * 3600).utf8)
    }
    huge += Array(#"],"temperature_2m":["#.utf8)
    for index in 0..<count {
      if index > 0 { huge.append(UInt8(ascii: ",")) }
      huge += Array((index % 7 == 0 ? "null" : "1.5").utf8)
    }
    huge += Array("]}}".utf8)
    let locations = try? ResponseDecoder().decode(huge)
    #expect(locations?.first?.hourly?.instants.count == count)
    let deep = Array(
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    #expect(decodeAll(deep) == 4)
  }
}
