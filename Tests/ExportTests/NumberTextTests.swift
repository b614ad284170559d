import Foundation
import Testing

@testable import SkycastModel
@testable import Store

@Suite struct NumberTextTests {
  /// Ties round away from zero like SQLite's round(), zero never has a sign, and the number of
  /// decimals is always exact.
  @Test(
    "fixed decimals round like SQLite and print every decimal",
    arguments: [
      (2.25, 1, "2.3"), (-2.25, 1, "-2.3"), (0.15, 1, "0.2"), (1.005, 2, "1.01"),
      (0.05, 1, "0.1"), (-0.05, 1, "-0.1"), (2.675, 2, "2.68"), (0.285, 2, "0.29"),
      (1e15, 1, "1000000000000000.0"), (-0.0, 1, "0.0"), (-0.04, 1, "0.0"), (-0.0004, 3, "0.000"),
      (12, 1, "12.0"), (12.3, 1, "12.3"), (-6.2, 1, "-6.2"), (99.95, 1, "100.0"),
      (0.000001, 3, "0.000"), (2.5, 0, "3"), (-2.5, 0, "-3"), (0.4, 0, "0"), (-0.4, 0, "0"),
      (0.49999999999999994, 0, "1"), (123.456, 0, "123"), (7, 2, "7.00"),
      (4_503_599_627_370_497, 1, "4503599627370497.0"), (1e20, 2, "100000000000000000000.00"),
      (-1e20, 0, "-100000000000000000000"), (1.25, -1, "1"),
    ] as [(Double, Int, String)])
  func fixedGoldens(value: Double, decimals: Int, expected: String) {
    #expect(NumberText.fixed(value, decimals: decimals) == expected)
  }

  /// Integral values beyond UInt64 print their exact decimal digits.
  @Test("huge integral values print exactly")
  func hugeValues() {
    #expect(NumberText.fixed(0x1p70, decimals: 1) == "1180591620717411303424.0")
    #expect(NumberText.fixed(1e300, decimals: 0).count == 301)
    #expect(
      NumberText.fixed(1e300, decimals: 0).hasPrefix("1000000000000000052504760255204420248704"))
  }

  /// Infinite and NaN values are missing: nothing is appended and the caller decides.
  @Test("non-finite values append nothing", arguments: [Double.nan, .infinity, -.infinity])
  func nonFinite(value: Double) {
    var buffer: [UInt8] = [0x41]
    #expect(NumberText.appendFixed(value, decimals: 1, to: &buffer) == false)
    #expect(NumberText.appendShortest(value, to: &buffer) == false)
    #expect(buffer == [0x41])
    #expect(NumberText.fixed(value, decimals: 2) == "")
    #expect(NumberText.shortest(value) == "")
  }

  /// The append variants add to what the buffer already holds.
  @Test("appending keeps earlier bytes")
  func appends() {
    var buffer = Array("x=".utf8)
    NumberText.appendFixed(-3.14159, decimals: 2, to: &buffer)
    buffer.append(0x2C)
    NumberText.appendShortest(0.5, to: &buffer)
    buffer.append(0x2C)
    NumberText.appendInteger(-42, to: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == "x=-3.14,0.5,-42")
  }

  /// Statistics keep every digit that makes them round-trip, and only valid JSON forms.
  @Test(
    "shortest text round-trips",
    arguments: [
      (0.1 + 0.2, "0.30000000000000004"), (2.0, "2.0"), (-0.0, "0.0"), (0.0, "0.0"),
      (-6.2, "-6.2"), (1e-5, "1e-05"), (1.5e16, "1.5e+16"), (123456.789, "123456.789"),
    ] as [(Double, String)])
  func shortest(value: Double, expected: String) throws {
    #expect(NumberText.shortest(value) == expected)
    #expect(Double(expected) == value)
    // Valid JSON (swift-corelibs JSONSerialization parses 0.30000000000000004 as
    // 0.3000000000000001, so only the kind is checked here, the value above).
    let parsed = try JSONSerialization.jsonObject(with: Data("[\(expected)]".utf8)) as? [NSNumber]
    #expect(parsed?.count == 1)
  }

  /// A few thousand values — uniform, decimal ties, values a few ulps off a tie, binary
  /// fractions — give exactly the decimal SQLite's round() gives.
  @Test("fixed agrees with SQLite round() on pseudo-random values and ties")
  func agreesWithSQLite() throws {
    let database = try Database(path: ":memory:")
    var random = SplitMix64(seed: 20_260_320)
    var cases: [(Double, Int)] = [
      (2.25, 1), (-2.25, 1), (0.15, 1), (1.005, 2), (0.05, 1), (-0.05, 1), (1e15, 1),
      (1e15, 3), (2.5, 0), (-2.5, 0), (0.49999999999999994, 0), (10_000_000_000_000.25, 1),
      (57_207_816_977_635.016, 3), (3.549999999999999, 1), (-43658.64999999999, 1),
      (0.1, 20), (123.456, 17), (1e-10, 25), (-2.0 / 3, 30), (0.000123456, 16),
    ]
    for index in 0..<6000 {
      let decimals = 1 + Int(random.next() % 3)
      let magnitude = [1.0, 10, 100, 1e4, 1e6, 1e9, 1e13][Int(random.next() % 7)]
      let unit = Double(random.next() >> 11) / 0x1p53 * 2 - 1
      var value: Double
      switch index % 4 {
      case 0:
        value = unit * magnitude
      case 1, 2:
        let scale = pow(10.0, Double(decimals + 1))
        value = ((unit * magnitude * scale / 10).rounded(.down) * 10 + 5) / scale
        if index % 4 == 2 {
          for _ in 0...(random.next() % 4) {
            value = random.next() % 2 == 0 ? value.nextUp : value.nextDown
          }
        }
      default:
        value = (unit * 8000).rounded() / 8 + [0, 1.0 / 16, 1.0 / 32][Int(random.next() % 3)]
      }
      cases.append((value, index % 50 == 0 ? 0 : decimals))
    }
    var mismatches: [String] = []
    for (value, decimals) in cases {
      let text = NumberText.fixed(value, decimals: decimals)
      let rounded = try database.scalar(
        "SELECT round(?, ?)", [.real(value), .integer(Int64(decimals))])
      guard case .real(let expected)? = rounded, Double(text) == expected else {
        mismatches.append("\(value) @\(decimals): \(text) vs \(String(describing: rounded))")
        continue
      }
      if value.magnitude < 1e12 {
        let printed = try database.scalarText(
          "SELECT printf('%.*f', ?, round(?, ?))",
          [.integer(Int64(decimals)), .real(value), .integer(Int64(decimals))])
        // SQLite may print a rounded-to-zero negative as "-0.0"; ours has no sign.
        let unsigned = printed.map { printed in
          printed.hasPrefix("-") && printed.dropFirst().allSatisfy({ $0 == "0" || $0 == "." })
            ? String(printed.dropFirst()) : printed
        }
        if unsigned != text {
          mismatches.append("\(value) @\(decimals): \(text) vs \(printed ?? "")")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
