import Analysis
import Export
import SkycastModel
import Store

/// `skycast summary feels-like`: air and feels-like temperature per city and period.
///
/// Feels-like values come from the SQL function of the chosen method
/// (``FeelsLikeMethod/sqlFunction``) over `temperature_2m`, `relative_humidity_2m` and
/// `wind_speed_10m`, so they are the same numbers `skycast sql` and the reports give. `t_*`
/// aggregate the hours with a temperature; `feels_like_*` and `hours` the hours where all three
/// inputs are present. Every row carries the method.
public enum FeelsLikeSummaryTable {
  /// The summary's columns for a grouping.
  public static func columns(_ grouping: SummaryGrouping) -> [Column] {
    [Column("city", .text)] + grouping.keyColumns + [
      Column("t_mean", .measure(decimals: 1), unit: "°C"),
      Column("t_min", .measure(decimals: 1), unit: "°C"),
      Column("t_max", .measure(decimals: 1), unit: "°C"),
      Column("feels_like_mean", .measure(decimals: 1), unit: "°C"),
      Column("feels_like_min", .measure(decimals: 1), unit: "°C"),
      Column("feels_like_max", .measure(decimals: 1), unit: "°C"),
      Column("hours", .integer),
      Column("method", .text),
    ]
  }

  /// Computes the summary.
  ///
  /// - Parameters:
  ///   - cities: the cities (printed by name, then id).
  ///   - dates: local dates, inclusive.
  /// - Returns: one row per city and bucket, including buckets without data (empty values,
  ///   `hours` 0).
  public static func table(
    store: Store, cities: [City], series: ResolvedSeries, dates: ClosedRange<LocalDate>,
    grouping: SummaryGrouping, method: FeelsLikeMethod
  ) throws -> SummaryTable {
    let labels = City.labels(try store.cities())
    let buckets = grouping.buckets(dates)
    let expressions = [
      "temperature_2m",
      "\(method.sqlFunction)(temperature_2m, relative_humidity_2m, wind_speed_10m)",
    ]
    var rows: [[Cell]] = []
    var sawValue = false
    for city in SummarySupport.sorted(cities) {
      let records = try store.hourlyRecords(
        series, city: city, dates: dates, expressions: expressions)
      sawValue = sawValue || records.contains { $0.values[0] != nil }
      let groups = SummarySupport.group(records, date: \.date, into: buckets)
      for (bucket, group) in zip(buckets, groups) {
        let temperatures = Statistics(group.compactMap { $0.values[0] })
        let feelsLike = Statistics(group.compactMap { $0.values[1] })
        rows.append(
          [.text(labels[city.id] ?? city.name)] + bucket.key + [
            SummarySupport.cell(temperatures.mean), SummarySupport.cell(temperatures.min),
            SummarySupport.cell(temperatures.max), SummarySupport.cell(feelsLike.mean),
            SummarySupport.cell(feelsLike.min), SummarySupport.cell(feelsLike.max),
            .integer(Int64(feelsLike.count)), .text(method.rawValue),
          ])
      }
    }
    return SummaryTable(
      columns: columns(grouping),
      comments: [
        "feels-like method: \(method.definition)",
        "\(series.statement); \(SummarySupport.rangeText(dates)) (local dates)",
      ],
      rows: rows, variablesWithoutData: sawValue ? [] : ["temperature_2m"])
  }

  /// Mean, minimum and maximum of some values.
  package struct Statistics {
    package var count: Int
    package var mean: Double?
    package var min: Double?
    package var max: Double?

    package init(_ values: [Double]) {
      let finite = values.filter(\.isFinite)
      count = finite.count
      mean = finite.isEmpty ? nil : finite.reduce(0, +) / Double(finite.count)
      min = finite.min()
      max = finite.max()
    }
  }
}
