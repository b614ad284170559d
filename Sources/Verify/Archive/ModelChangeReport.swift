import SkycastModel

/// The result of `archive changes`: the detected changes in daily forecast error
/// (``ModelChangeDetection`` documents the method), and how many series were searched.
public struct ModelChangeReport: Sendable {
  public var variable: WeatherVariable
  public var observations: String
  public var settings: ModelChangeSettings
  /// Changes sorted by city, model, lead day, date.
  public var rows: [ModelChangeRow]
  /// Series (city, model, lead day) searched, and their days.
  public var seriesSearched: Int
  public var days: Int
  /// Days in the longest series searched: below twice `settings.minimumSegment` no change can
  /// be found at all.
  public var longestSeries: Int

  public init(
    variable: WeatherVariable, observations: String, settings: ModelChangeSettings,
    rows: [ModelChangeRow], seriesSearched: Int, days: Int, longestSeries: Int = 0
  ) {
    self.variable = variable
    self.observations = observations
    self.settings = settings
    self.rows = rows
    self.seriesSearched = seriesSearched
    self.days = days
    self.longestSeries = longestSeries
  }

  /// Why the table is empty, in words, or nil when it is not: no series reached the days a
  /// change needs, or none of them changed at the level asked for.
  public var emptyReason: String? {
    guard rows.isEmpty, seriesSearched > 0 else { return nil }
    let needed = 2 * settings.minimumSegment
    let series = seriesSearched == 1 ? "1 series" : "\(seriesSearched) series"
    if longestSeries < needed {
      return "no change can be found yet: the longest of \(series) (city, model, lead day) has "
        + "\(longestSeries) day\(longestSeries == 1 ? "" : "s"), and --min-days "
        + "\(settings.minimumSegment) needs \(needed); collect for longer or lower --min-days"
    }
    return "no change found in \(series) of up to \(longestSeries) days at --alpha "
      + NumberText.shortest(settings.alpha)
  }

  /// The false-alarm rate measured on generated 120-day histories without a change (see
  /// `ModelChangeDetectionTests`), quoted in help and in the table's comments.
  public static let measuredFalseAlarmRate = "0 of 50 series (2 of 500, 0.4%)"

  /// The report as columns and rows.
  public func table() -> ArchiveTable {
    let unit = variable.unit
    let columns = [
      Column("city", .text), Column("model", .text), Column("lead_day", .integer),
      Column("date", .date), Column("days_before", .integer), Column("days_after", .integer),
      Column("mae_before", .measure(decimals: 3), unit: unit),
      Column("mae_after", .measure(decimals: 3), unit: unit),
      Column("change", .measure(decimals: 3), unit: unit), Column("cusum", .score),
      Column("cusum_p", .score), Column("dm", .score), Column("dm_p", .score),
      Column("significant", .text),
    ]
    let rows = rows.map { row -> [Cell] in
      [
        .text(row.city), .text(row.model), .integer(row.leadDay), .text(row.date),
        .integer(Int64(row.daysBefore)), .integer(Int64(row.daysAfter)), .number(row.maeBefore),
        .number(row.maeAfter), .number(row.maeAfter - row.maeBefore), .number(row.cusum),
        .number(row.cusumP), row.dieboldMariano.map { .number($0.statistic) } ?? .null,
        row.dieboldMariano.map { .number($0.pValue) } ?? .null,
        .text(
          row.dieboldMariano.map { $0.pValue < settings.dmLevel ? "yes" : "no" } ?? ""),
      ]
    }
    let comments = [
      "daily MAE of \(variable.column) against \(observations) per city, model and lead day; "
        + "\(seriesSearched) series, \(days) days searched",
      "changes: binary segmentation, CUSUM mean-shift test at alpha \(settings.alpha), at least "
        + "\(settings.minimumSegment) days a side (Vostrikova 1981; Csorgo & Horvath 1997)",
      "dm: Diebold-Mariano (HLN) on after - before, up to \(settings.window) days paired; "
        + "significant at p < \(settings.dmLevel); date = first day after the change",
      "false alarms measured on histories without a change: "
        + Self.measuredFalseAlarmRate,
    ]
    return ArchiveTable(columns: columns, comments: comments, rows: rows)
  }
}
