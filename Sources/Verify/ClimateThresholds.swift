import Analysis
import Foundation
import SkycastModel
import Store

/// The thresholds of `--threshold pNN`: each city's NN-th percentile of the observations of
/// the verified source in each local calendar month over the verify period (all stored
/// observations without `--from/--to`), by numpy's default linear interpolation
/// (``ErrorDistribution/percentile(sorted:_:)``).
public struct ClimateThresholds: Sendable, Equatable {
  /// One city and month: its threshold and the number of observations behind it.
  public struct Entry: Sendable, Equatable {
    public var cityID: Int64
    /// 1–12.
    public var month: Int
    public var value: Double
    public var count: Int
  }

  /// The percentile, 0–100.
  public var percentile: Double
  /// By city, then month.
  public var entries: [Entry]
  /// City names for the comment.
  public var labels: [Int64: String] = [:]
  /// Decimal places of the comment's values: one beyond the variable's stored precision, so
  /// that a percentile between two stored values shows as such (`0.07`, not
  /// `0.06999999999999887`); nil for the shortest text.
  public var decimals: Int?

  /// `Alpenau 06 17.2 (n 720), 07 18.0 (n 744); …`: the values used, for the table comment.
  public var text: String {
    var parts: [String] = []
    var current: Int64?
    for entry in entries {
      let month = entry.month < 10 ? "0\(entry.month)" : String(entry.month)
      let item = "\(month) \(Self.valueText(entry.value, decimals: decimals)) (n \(entry.count))"
      if entry.cityID == current {
        parts[parts.count - 1] += ", " + item
      } else {
        parts.append((labels[entry.cityID] ?? String(entry.cityID)) + " " + item)
        current = entry.cityID
      }
    }
    return parts.joined(separator: "; ")
  }

  /// Percentiles of the values per (city, month).
  public init(percentile: Double, values: [Int64: [Int: [Double]]]) {
    self.percentile = percentile
    var entries: [Entry] = []
    for city in values.keys.sorted() {
      for (month, sample) in (values[city] ?? [:]).sorted(by: { $0.key < $1.key }) {
        guard let value = ErrorDistribution.percentile(sorted: sample.sorted(), percentile) else {
          continue
        }
        entries.append(Entry(cityID: city, month: month, value: value, count: sample.count))
      }
    }
    self.entries = entries
    lookup = Dictionary(
      uniqueKeysWithValues: entries.map { ($0.cityID * 16 + Int64($0.month), $0.value) })
  }

  /// `value` rounded half away from zero to `decimals` places and written shortest (`18.67`,
  /// `17.2`); the shortest text without `decimals`.
  public static func valueText(_ value: Double, decimals: Int?) -> String {
    guard let decimals, value.isFinite else { return NumberText.shortest(value) }
    let scale = pow(10, Double(decimals))
    let rounded = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    return NumberText.shortest(rounded == 0 ? 0 : rounded)
  }

  /// The threshold of a city and month, nil without observations there.
  public func value(cityID: Int64, month: Int) -> Double? {
    lookup[cityID * 16 + Int64(month)]
  }

  /// city id · 16 + month → value.
  private var lookup: [Int64: Double] = [:]
}
