import Foundation
import TestSupport

/// 2026-03-01T00:00Z, the first issue time of the verification data sets.
let march1: Int64 = 1_772_323_200
let hour: Int64 = 3600
let day: Int64 = 86_400

/// Within 1e-6 of `expected` (the done-criterion tolerance).
func close(_ text: String?, _ expected: Double, within tolerance: Double = 1e-6) -> Bool {
  guard let text, let value = Double(text) else { return false }
  return abs(value - expected) <= tolerance
}

/// The study set: 2 cities × 3 issue days × 3 leads (12, 36, 60 h), temperature_2m.
///
/// Observations at hours 12, 36, 60, 84, 108 after 2026-03-01T00:00Z:
///   Alpha: 10.0 12.5 11.0 14.0 13.5      Beta: 20.0 18.0 19.5 21.0 22.5
/// Forecasts (issue day k = 0, 1, 2 at 00:00Z; valid hour = 24k + lead):
///   Alpha  lead 12: 10.4 12.2 11.3   lead 36: 13.5 11.6 13.1   lead 60: 12.0 15.5 12.0
///   Beta   lead 12: 19.5 18.4 19.8   lead 36: 18.9 19.0 20.2   lead 60: 21.0 23.0 20.5
func writeStudy(_ harness: CLIHarness) throws {
  let writer = HistoryWriter(store: try harness.store())
  try writer.city(1, "Alpha")
  try writer.city(2, "Beta")
  let observed: [Int64: [Double]] = [
    1: [10.0, 12.5, 11.0, 14.0, 13.5], 2: [20.0, 18.0, 19.5, 21.0, 22.5],
  ]
  for (city, values) in observed {
    for (index, value) in values.enumerated() {
      try writer.observation(
        city: city, validAt: march1 + (12 + 24 * Int64(index)) * hour, ["temperature_2m": value])
    }
  }
  let forecasts: [Int64: [Int64: [Double]]] = [
    1: [12: [10.4, 12.2, 11.3], 36: [13.5, 11.6, 13.1], 60: [12.0, 15.5, 12.0]],
    2: [12: [19.5, 18.4, 19.8], 36: [18.9, 19.0, 20.2], 60: [21.0, 23.0, 20.5]],
  ]
  for (city, byLead) in forecasts {
    for (lead, values) in byLead {
      for (issueDay, value) in values.enumerated() {
        try writer.forecast(
          city: city, issuedAt: march1 + Int64(issueDay) * day, lead: lead,
          ["temperature_2m": value])
      }
    }
  }
}
