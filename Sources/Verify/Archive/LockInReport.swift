import Foundation
import SkycastModel

/// The result of `archive lock-in`: per city, source and model, the distribution of the lead
/// from which every later issue of a valid time kept the final issue's answer.
///
/// How the numbers are made (``ArchiveAnalyst/lockIn(_:rule:)``):
/// 1. For each valid time (instant, or local date of a daily variable) the forecasts with a
///    value and lead ≥ 0 are taken in issue order (ties by fetch).
/// 2. Its lock-in issue is the first from which every later issue agrees with the last
///    (``LockInLead``); its lock-in lead is that issue's lead. Valid times with one issue are
///    left out: nothing could change.
/// 3. n, median, p10 and p90 of the lock-in leads (type 7 quantiles), and per lead day D the
///    share of valid times locked in at D (lock-in lead day ≥ D) among those with an issue at
///    lead day D or earlier, so a history that starts late does not count as unlocked.
public struct LockInReport: Sendable {
  public var variable: WeatherVariable
  public var rule: LockInRule
  /// Rows sorted by city, source, model.
  public var rows: [LockInRow]

  public init(variable: WeatherVariable, rule: LockInRule, rows: [LockInRow]) {
    self.variable = variable
    self.rule = rule
    self.rows = rows
  }

  /// True for a daily variable, whose leads are in days.
  public var leadsInDays: Bool { variable.frequency == .daily }

  /// The most lead days any row has a share for.
  public var leadDays: Int { rows.map(\.lockedShares.count).max() ?? 0 }

  /// The rule in words.
  public var rulePhrase: String { rule.phrase(variable: variable.column, unit: variable.unit) }

  /// The report as columns and rows: city, source, model, n, median, p10, p90 (in `h` or `d`),
  /// then `locked_d0`, `locked_d1`, … (shares 0–1).
  public func table() -> ArchiveTable {
    let unit = leadsInDays ? "d" : "h"
    var columns = [
      Column("city", .text), Column("source", .text), Column("model", .text),
      Column("n", .integer), Column("median_\(unit)", .measure(decimals: 1), unit: unit),
      Column("p10_\(unit)", .measure(decimals: 1), unit: unit),
      Column("p90_\(unit)", .measure(decimals: 1), unit: unit),
    ]
    columns += (0..<leadDays).map { Column("locked_d\($0)", .measure(decimals: 3)) }
    let rows = rows.map { row -> [Cell] in
      var cells: [Cell] = [
        .text(row.city), .text(row.source), .text(row.model), .integer(Int64(row.leads.count)),
      ]
      cells += [0.5, 0.1, 0.9].map { row.quantile($0).map(Cell.number) ?? .null }
      cells += (0..<leadDays).map { day in
        day < row.lockedShares.count ? row.lockedShares[day].map(Cell.number) ?? .null : .null
      }
      return cells
    }
    let comments = [
      "lock-in lead of \(rulePhrase): the earliest lead from which every later issue agreed "
        + "with the final one; leads in \(leadsInDays ? "days" : "hours")",
      "locked_dD: share of valid times already locked in D days ahead, among those issued "
        + "D or more days ahead",
    ]
    return ArchiveTable(columns: columns, comments: comments, rows: rows)
  }

  /// A threshold or δ as typed: `1`, `0.5`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
