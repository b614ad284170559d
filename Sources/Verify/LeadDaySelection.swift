import SkycastModel
import Store

/// The lead days `--lead-days` keeps in a figure or diagram: `1-5`, `1,3,5` or `0-2,7`.
///
/// A figure with sixteen lead lines (a reliability diagram grouped by lead day) is unreadable;
/// picking a few days keeps it a figure. Rows grouped by lead hours are kept when their hour
/// falls in a chosen day (⌊hours/24⌋, as `lead_day`).
public struct LeadDaySelection: Sendable, Equatable {
  /// The chosen days, ascending.
  public let days: [Int]

  public init(days: [Int]) {
    self.days = Array(Set(days)).sorted()
  }

  /// Parses `1-5`, `1,3,5`, `0-2,7` (ranges inclusive; negative days for past leads are
  /// written in a range as `-1--1`, which nobody needs, so only non-negative days are read).
  ///
  /// - Throws: `InvalidInput` naming the part it could not read.
  public static func parse(_ text: String) throws -> LeadDaySelection {
    var days: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count == 1 || bounds.count == 2,
        let low = Int(bounds[0].trimmingSpaces), low >= 0,
        let high = bounds.count == 2 ? Int(bounds[1].trimmingSpaces) : low, high >= low,
        high - low <= 10_000
      else {
        throw InvalidInput(
          "The value '\(text)' is invalid for '--lead-days': expected days such as 1-5 or 1,3,5")
      }
      days += Array(low...high)
    }
    return LeadDaySelection(days: days)
  }

  /// Whether lead day `day` is chosen.
  public func contains(_ day: Int) -> Bool { days.contains(day) }

  /// Whether a row with these key values is kept: its lead day (or the day of its lead hours)
  /// is chosen; a row without a lead key is kept.
  public func keeps(keys: [VerifyKey], values: [VerifyKeyValue]) -> Bool {
    for (key, value) in zip(keys, values) {
      guard case .integer(let lead) = value else { continue }
      switch key {
      case .leadDay: return contains(Int(lead))
      case .lead: return contains(Int(LeadTime.day(hours: lead)))
      default: continue
      }
    }
    return true
  }

  /// `lead days 1–5` or `lead days 1, 3, 5` for a subtitle or comment.
  public var text: String {
    let runs = days.reduce(into: [[Int]]()) { runs, day in
      if let last = runs.last?.last, last + 1 == day {
        runs[runs.count - 1].append(day)
      } else {
        runs.append([day])
      }
    }
    let parts = runs.map { run in
      run.count > 2
        ? "\(run[0])–\(run[run.count - 1])" : run.map(String.init).joined(separator: ", ")
    }
    return (days.count == 1 ? "lead day " : "lead days ") + parts.joined(separator: ", ")
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}
