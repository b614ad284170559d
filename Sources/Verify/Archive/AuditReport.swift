import Foundation
import SkycastModel

/// The result of `archive audit`: what Open-Meteo's derived archives say against what `collect`
/// stored when it was served, per model, derived source and lead day.
///
/// - Previous Runs (`previous-runs`, backfilled with lead 24·N for `_previous_dayN`) is
///   compared at lead day N with the newest collected issue whose lead lies in [24N, 24N + 24).
/// - The Historical Forecast series (`analysis:MODEL`, stored by `observe --source
///   historical-forecast`) is compared at lead day 0 with the model's newest collected issue of
///   lead 0–23 h.
/// Values are equal when they differ by less than half a unit of the variable's stored
/// precision (0.05 °C for one decimal). Only valid times where both hold a value count.
public struct AuditReport: Sendable {
  public var variable: WeatherVariable
  /// Sorted by model, derived source, lead day.
  public var rows: [AuditSummaryRow]
  /// Every differing hour, sorted by model, derived source, lead day, city, valid time.
  public var differences: [AuditDifference]

  public init(variable: WeatherVariable, rows: [AuditSummaryRow], differences: [AuditDifference]) {
    self.variable = variable
    self.rows = rows
    self.differences = differences
  }

  /// Half a unit of the last stored decimal: differences below it are equal.
  public static func tolerance(_ variable: WeatherVariable) -> Double {
    0.5 * pow(10, -Double(variable.decimals))
  }

  /// The per-lead-day summary as columns and rows.
  public func table() -> ArchiveTable {
    let unit = variable.unit
    let columns = [
      Column("model", .text), Column("derived", .text), Column("lead_day", .integer),
      Column("n", .integer), Column("equal", .integer),
      Column("equal_share", .measure(decimals: 3)),
      Column("mean_abs_diff", .measure(decimals: 3), unit: unit),
      Column("max_abs_diff", .measure(decimals: 3), unit: unit),
    ]
    let rows = rows.map { row -> [Cell] in
      [
        .text(row.model), .text(row.derived), .integer(row.leadDay), .integer(Int64(row.count)),
        .integer(Int64(row.equal)),
        row.count > 0 ? .number(Double(row.equal) / Double(row.count)) : .null,
        .number(row.meanAbsoluteDifference), .number(row.largestAbsoluteDifference),
      ]
    }
    return ArchiveTable(columns: columns, comments: comments, rows: rows)
  }

  /// The differing hours as columns and rows (`--list`).
  public func differenceTable() -> ArchiveTable {
    let unit = variable.unit
    let decimals = variable.decimals
    let columns = [
      Column("city", .text), Column("model", .text), Column("derived", .text),
      Column("lead_day", .integer), Column("valid_time", .instant),
      Column("served_lead_h", .integer, unit: "h"),
      Column("served", .measure(decimals: decimals), unit: unit),
      Column("archived", .measure(decimals: decimals), unit: unit),
      Column("difference", .measure(decimals: decimals), unit: unit),
    ]
    let rows = differences.map { row -> [Cell] in
      [
        .text(row.city), .text(row.model), .text(row.derived), .integer(row.leadDay),
        .instant(epoch: row.validAt, offset: row.offset), .integer(row.servedLead),
        .number(row.served), .number(row.derivedValue), .number(row.derivedValue - row.served),
      ]
    }
    return ArchiveTable(columns: columns, comments: comments, rows: rows)
  }

  private var comments: [String] {
    [
      "\(variable.column): derived archives against what collect stored when served; equal: "
        + "|difference| < \(Self.tolerance(variable)) \(variable.unit)",
      "previous-runs day N against the newest collected issue of lead 24N to 24N+23 h; "
        + "\(FetchSource.analysis(model: "MODEL")) against the newest of lead 0-23 h",
    ]
  }
}
