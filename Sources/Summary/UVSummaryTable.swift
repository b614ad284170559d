import Analysis
import Export
import SkycastModel
import Store

/// `skycast summary uv`: the daily UV summary per city, and its monthly or
/// whole-range aggregate.
///
/// Each local day goes through ``UVIndex/dailySummary(_:expectedHours:)`` with the day's real
/// length (23 or 25 hours on a DST change), so categories and hour counts use the half-up
/// rounded index, the hour of the maximum is the first hour at it, and `sed` is empty when an
/// hour of the day is missing. Days without any UV value have empty counts, not zeros.
///
/// Aggregates (`--by month|period`): `uv_max` is the largest daily maximum, `max_date` its first
/// date, `category` that maximum's category, the `hours_ge_*` are sums over days with data,
/// `sed` is the sum of daily doses (empty when any day's dose is), `days` the local days in the
/// period and `days_missing` the days without a complete dose.
public enum UVSummaryTable {
  /// The summary's columns for a grouping.
  public static func columns(_ grouping: SummaryGrouping) -> [Column] {
    let counts = [
      Column("hours_ge_3", .integer), Column("hours_ge_6", .integer),
      Column("hours_ge_8", .integer),
    ]
    let uvMax = Column("uv_max", .measure(decimals: 2))
    let sed = Column("sed", .measure(decimals: 2), unit: "SED")
    switch grouping {
    case .day:
      return [Column("city", .text)] + grouping.keyColumns
        + [uvMax, Column("max_hour", .integer), Column("category", .text)] + counts
        + [sed, Column("hours", .integer)]
    case .month, .year, .period:
      return [Column("city", .text)] + grouping.keyColumns
        + [uvMax, Column("max_date", .date), Column("category", .text)] + counts
        + [sed, Column("days", .integer), Column("days_missing", .integer)]
    }
  }

  /// The columns an aligned table shows on a terminal (80 columns): all but `days` (the
  /// period's length, which `days_missing` qualifies) for an aggregate; nil for `--by day`.
  public static func terminalColumns(_ grouping: SummaryGrouping) -> [String]? {
    grouping == .day ? nil : columns(grouping).map(\.name).filter { $0 != "days" }
  }

  /// Computes the summary. See the type's documentation for the rules.
  public static func table(
    store: Store, cities: [City], series: ResolvedSeries, dates: ClosedRange<LocalDate>,
    grouping: SummaryGrouping
  ) throws -> SummaryTable {
    let labels = City.labels(try store.cities())
    let days = SummaryGrouping.day.buckets(dates)
    let buckets = grouping.buckets(dates)
    var rows: [[Cell]] = []
    var sawValue = false
    for city in SummarySupport.sorted(cities) {
      let zone = city.zone
      let records = try store.hourlyRecords(
        series, city: city, dates: dates, expressions: ["uv_index"])
      sawValue = sawValue || records.contains { $0.values[0] != nil }
      let byDay = SummarySupport.group(records, date: \.date, into: days)
      var summaries: [Day] = []
      for (day, hours) in zip(days, byDay) {
        let summary = UVIndex.dailySummary(
          hours.map { (hour: $0.hour, uv: $0.values[0]) },
          expectedHours: zone.hoursInDay(day.from))
        summaries.append(
          Day(date: day.from, summary: summary, hours: hours.count { $0.values[0] != nil }))
      }
      switch grouping {
      case .day:
        for (bucket, day) in zip(buckets, summaries) {
          rows.append([.text(labels[city.id] ?? city.name)] + bucket.key + dayCells(day))
        }
      case .month, .year, .period:
        let groups = SummarySupport.group(summaries, date: \.date, into: buckets)
        for (bucket, group) in zip(buckets, groups) {
          rows.append(
            [.text(labels[city.id] ?? city.name)] + bucket.key
              + aggregateCells(group, days: bucket.dayCount))
        }
      }
    }
    return SummaryTable(
      columns: columns(grouping),
      comments: [
        "UV index: WHO categories and hour counts on the index rounded half up; "
          + "sed = 0.9 x sum of hourly UV (empty when an hour of the day is missing)",
        "\(series.statement); \(SummarySupport.rangeText(dates)) (local dates)",
      ],
      rows: rows, variablesWithoutData: sawValue ? [] : ["uv_index"])
  }

  /// One local day's summary and the number of hours with a value.
  package struct Day {
    package var date: LocalDate
    package var summary: DailyUVSummary
    package var hours: Int
  }

  package static func dayCells(_ day: Day) -> [Cell] {
    let summary = day.summary
    let hasData = day.hours > 0
    return [
      SummarySupport.cell(summary.max), SummarySupport.cell(summary.maxHour),
      summary.category.map { .text($0.rawValue) } ?? .null,
      hasData ? .integer(Int64(summary.hoursAtLeast3)) : .null,
      hasData ? .integer(Int64(summary.hoursAtLeast6)) : .null,
      hasData ? .integer(Int64(summary.hoursAtLeast8)) : .null,
      SummarySupport.cell(summary.doseSED), .integer(Int64(day.hours)),
    ]
  }

  package static func aggregateCells(_ days: [Day], days dayCount: Int) -> [Cell] {
    var maximum: (value: Double, date: LocalDate)?
    for day in days {
      guard let value = day.summary.max else { continue }
      if maximum.map({ value > $0.value }) ?? true { maximum = (value, day.date) }
    }
    let withData = days.filter { $0.hours > 0 }
    func sum(_ count: (DailyUVSummary) -> Int) -> Cell {
      withData.isEmpty ? .null : .integer(Int64(withData.reduce(0) { $0 + count($1.summary) }))
    }
    let doses = days.map(\.summary.doseSED)
    let complete = doses.count { $0 != nil }
    let dose: Double? =
      complete == dayCount && dayCount > 0 ? doses.reduce(0) { $0 + ($1 ?? 0) } : nil
    return [
      SummarySupport.cell(maximum?.value), maximum.map { .text($0.date.description) } ?? .null,
      maximum.map { .text(UVIndex.category($0.value).rawValue) } ?? .null,
      sum(\.hoursAtLeast3), sum(\.hoursAtLeast6), sum(\.hoursAtLeast8),
      SummarySupport.cell(dose), .integer(Int64(dayCount)), .integer(Int64(dayCount - complete)),
    ]
  }
}
