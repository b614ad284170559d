import Analysis
import Export
import SkycastModel
import Store

/// `skycast summary precip`: local-day precipitation totals and the ETCCDI indices (Rx1day, Rx5day, CDD, CWD, R10mm, R20mm).
///
/// Daily totals: for an observed series, `daily_observations.precipitation_sum` when stored and
/// not NULL, else the sum of the day's hourly `precipitation`; for the forecast series, the sum
/// of the latest hourly forecasts. Hourly sums are taken in whole hundredths of a millimetre
/// (``PrecipitationIndices/dailyTotals(hourly:hoursInDay:)``), and a day with a missing hour (a
/// NULL, or fewer hours than the local day has: 23/25 on DST changes) is missing.
///
/// `--by day` prints each day's `total_mm` and `wet` flag (1 when the total ≥ the threshold,
/// compared at 0.01 mm); `--by month`, `--by year` and `--by period` print the indices of
/// ``PrecipitationIndices/summary(days:wetThreshold:hourly:probabilities:preceding:annualRule:)``
/// per calendar month
/// or year (clipped to the range) or for the whole range. Monthly and yearly `rx5day` follow ETCCDI:
/// the 5-day intervals ending on each day of the month or year, the days before it included when
/// stored. Years, and periods of a year or more, also apply climdex.pcic's annual rule (no indices
/// when more than 15 days of a year are missing). Amounts print with 2 decimals because days are
/// classified at 0.01 mm (0.09 mm is not a 0.1 mm wet day, and a rounded "0.1" would hide it).
public enum PrecipitationSummaryTable {
  /// The summary's columns for a grouping.
  public static func columns(_ grouping: SummaryGrouping) -> [Column] {
    let millimetres = Column.Kind.measure(decimals: 2)
    let threshold = Column("wet_threshold", millimetres, unit: "mm")
    let probability = Column("max_probability", .measure(decimals: 0), unit: "%")
    switch grouping {
    case .day:
      return [Column("city", .text)] + grouping.keyColumns + [
        Column("total_mm", millimetres, unit: "mm"), Column("wet", .integer),
        Column("wet_hours", .integer), probability, threshold,
      ]
    case .month, .year, .period:
      return [Column("city", .text)] + grouping.keyColumns + [
        Column("total_mm", millimetres, unit: "mm"), Column("wet_days", .integer),
        Column("r10mm", .integer), Column("r20mm", .integer),
        Column("prcptot", millimetres, unit: "mm"), Column("sdii", millimetres, unit: "mm/day"),
        Column("cdd", .integer), Column("cwd", .integer),
        Column("rx1day", millimetres, unit: "mm"), Column("rx5day", millimetres, unit: "mm"),
        Column("wet_hours", .integer), probability, Column("days", .integer),
        Column("days_missing", .integer), threshold, Column("etccdi", .text),
      ]
    }
  }

  /// The columns an aligned table shows on a terminal (80 columns): the totals and the
  /// ETCCDI indices; `prcptot`, the hours, the probability, the threshold (in the comment) and
  /// the flag stay in the data formats and `--columns`. Nil: every column (`--by day` fits).
  public static func terminalColumns(_ grouping: SummaryGrouping) -> [String]? {
    let keys = ["city"] + grouping.keyColumns.map(\.name)
    switch grouping {
    case .day: return nil
    case .month, .year:
      return keys + [
        "total_mm", "wet_days", "r10mm", "r20mm", "sdii", "cdd", "cwd", "rx1day", "rx5day",
        "days_missing",
      ]
    case .period:
      return keys + [
        "total_mm", "wet_days", "r10mm", "sdii", "cdd", "rx1day", "rx5day", "days_missing",
      ]
    }
  }

  /// The note every output with a non-ETCCDI threshold carries, or nil for 1.0 mm.
  public static func thresholdNote(_ wetThreshold: Double) -> String? {
    guard
      PrecipitationIndices.hundredths(wetThreshold)
        != PrecipitationIndices.hundredths(PrecipitationIndices.etccdiWetThreshold)
    else { return nil }
    return "wet-day threshold \(NumberText.shortest(wetThreshold)) mm: wet, wet_days, prcptot, "
      + "sdii, cdd and cwd are not the ETCCDI indices (ETCCDI uses 1.0 mm); "
      + "r10mm, r20mm, rx1day and rx5day are"
  }

  /// Computes the summary. See the type's documentation for the rules.
  public static func table(
    store: Store, cities: [City], series: ResolvedSeries, dates: ClosedRange<LocalDate>,
    grouping: SummaryGrouping, wetThreshold: Double
  ) throws -> SummaryTable {
    let labels = City.labels(try store.cities())
    let buckets = grouping.buckets(dates)
    let expressions = [
      "precipitation", series.kind == .forecast ? "precipitation_probability" : "NULL",
    ]
    let threshold = PrecipitationIndices.hundredths(wetThreshold) ?? Int64.max
    let etccdi = thresholdNote(wetThreshold) == nil
    var rows: [[Cell]] = []
    var sawValue = false
    // ETCCDI's monthly and annual Rx5day take the 5-day interval ending on each day, so a
    // month's first days need the 4 days before it: read them too when they are stored.
    let reachesBack = grouping == .month || grouping == .year
    let readDates = reachesBack ? dates.lowerBound.adding(days: -4)...dates.upperBound : dates
    for city in SummarySupport.sorted(cities) {
      let zone = city.zone
      let records = try store.hourlyRecords(
        series, city: city, dates: readDates, expressions: expressions)
      var totals = PrecipitationIndices.dailyTotals(
        hourly: records.map { (date: $0.date, mm: $0.values[0]) },
        hoursInDay: { zone.hoursInDay($0) })
      if series.kind == .observed {
        let daily = try store.dailyObservations(
          source: series.source, cityID: city.id, dates: readDates, column: .precipitationSum)
        for case (let date, let value?) in daily { totals[date] = value }
      }
      sawValue = sawValue || totals.values.contains { $0 != nil }
      let groups = SummarySupport.group(records, date: \.date, into: buckets)
      for (bucket, hours) in zip(buckets, groups) {
        let hourly = hours.map { $0.values[0] }
        let probabilities = hours.map { $0.values[1] }
        // climdex.pcic's annual rule: a year (or a period of a year or more) with more than 15
        // missing days has no indices, on top of the monthly rule.
        let annual = grouping == .year || (grouping == .period && bucket.dayCount >= 365)
        let summary = PrecipitationIndices.summary(
          from: bucket.from, to: bucket.to, totals: totals, wetThreshold: wetThreshold,
          hourly: hourly, probabilities: probabilities, windowsReachBack: reachesBack,
          annualRule: annual)
        var row: [Cell] = [.text(labels[city.id] ?? city.name)] + bucket.key
        switch grouping {
        case .day:
          let total = totals[bucket.from] ?? nil
          let wet: Cell =
            total.flatMap(PrecipitationIndices.hundredths).map {
              .integer($0 >= threshold ? 1 : 0)
            } ?? .null
          row += [
            SummarySupport.cell(total), wet, SummarySupport.cell(summary.wetHours),
            SummarySupport.cell(summary.maxProbability), .number(wetThreshold),
          ]
        case .month, .year, .period:
          row += [
            SummarySupport.cell(summary.totalMM), SummarySupport.cell(summary.wetDays),
            SummarySupport.cell(summary.r10mm), SummarySupport.cell(summary.r20mm),
            SummarySupport.cell(summary.prcptot), SummarySupport.cell(summary.sdii),
            SummarySupport.cell(summary.cdd), SummarySupport.cell(summary.cwd),
            SummarySupport.cell(summary.rx1day), SummarySupport.cell(summary.rx5day),
            SummarySupport.cell(summary.wetHours), SummarySupport.cell(summary.maxProbability),
            .integer(Int64(summary.days)), .integer(Int64(summary.daysMissing)),
            .number(wetThreshold), .text(etccdi ? "yes" : "no"),
          ]
        }
        rows.append(row)
      }
    }
    var comments = [
      "precipitation: local-day totals "
        + (series.kind == .observed
          ? "from daily precipitation_sum, else summed from hourly precipitation"
          : "summed from hourly precipitation")
        + " at 0.01 mm; a day with a missing hour is missing",
      "wet day: total >= \(NumberText.shortest(wetThreshold)) mm; wet_hours: hours >= 0.1 mm; "
        + "indices are empty when more than 3 days of a month are missing"
        + (grouping == .year || grouping == .period
          ? " (years and periods of a year or more: also more than 15 days of a year)" : ""),
    ]
    if reachesBack {
      comments.append(
        "rx5day: the largest 5-day total ending on a day of the \(grouping.rawValue) (ETCCDI), "
          + "using the 4 days before it when they are stored")
    }
    if let note = thresholdNote(wetThreshold) { comments.append(note) }
    comments.append("\(series.statement); \(SummarySupport.rangeText(dates)) (local dates)")
    return SummaryTable(
      columns: columns(grouping), comments: comments, rows: rows,
      variablesWithoutData: sawValue ? [] : ["precipitation"])
  }
}
