import SkycastModel

/// ETCCDI precipitation indices for one city and period (Zhang et al. 2011, ETCCDI climate
/// change indices), on local-day totals.
///
/// All sums and comparisons are done on whole hundredths of a millimetre (each value rounded half
/// away from zero), so `0.3 + 0.6 + 0.1` is exactly 1.00 mm and a wet day, where binary floating
/// point would give 0.9999999999999999.
///
/// ```swift
/// let totals = PrecipitationIndices.dailyTotals(hourly: hours)
/// let summary = PrecipitationIndices.summary(from: start, to: end, totals: totals)
/// ```
public enum PrecipitationIndices {
  /// The ETCCDI wet-day threshold, mm.
  public static let etccdiWetThreshold = 1.0
  /// The threshold for `wet_hours`, mm.
  public static let wetHourThreshold = 0.1
  /// A month with more missing days than this makes the indices undefined (ETCCDI practice).
  public static let maximumMissingDaysPerMonth = 3
  /// A year with more missing days than this makes yearly indices undefined (climdex.pcic's
  /// annual rule, applied on top of the monthly one).
  public static let maximumMissingDaysPerYear = 15

  // MARK: - Hundredths

  /// A millimetre amount as whole hundredths, rounded half away from zero (like SQLite `round`).
  ///
  /// - Parameter mm: an amount in mm.
  /// - Returns: the amount in 0.01 mm, or nil when it is not finite or beyond ±10¹⁵ mm.
  public static func hundredths(_ mm: Double) -> Int64? {
    let scaled = (mm * 100).rounded(.toNearestOrAwayFromZero)
    guard scaled.isFinite, abs(scaled) < 1e17 else { return nil }
    return Int64(scaled)
  }

  // MARK: - Daily totals

  /// Sums hourly amounts into local-day totals, in whole hundredths of a millimetre.
  ///
  /// A day is missing (its value is nil) when any of its hours is nil or not finite, or when it
  /// has fewer entries than `hoursInDay` says (give 23 or 25 on DST changes). Days appear in the
  /// result only when at least one hour of theirs was given.
  ///
  /// - Parameters:
  ///   - hourly: each hour's local date and amount in mm (nil = missing), in any order.
  ///   - hoursInDay: the number of hours a complete local day has, or nil to skip the check.
  /// - Returns: each day's total in mm (a multiple of 0.01), nil for a missing day.
  public static func dailyTotals(
    hourly: [(date: LocalDate, mm: Double?)], hoursInDay: (LocalDate) -> Int? = { _ in nil }
  ) -> [LocalDate: Double?] {
    var sums: [LocalDate: (hundredths: Int64?, hours: Int)] = [:]
    for (date, mm) in hourly {
      let previous = sums[date] ?? (hundredths: 0, hours: 0)
      let value = mm.flatMap(hundredths)
      let sum = previous.hundredths.flatMap { sum in value.map { sum &+ $0 } }
      sums[date] = (hundredths: sum, hours: previous.hours + 1)
    }
    var totals: [LocalDate: Double?] = [:]
    for (date, entry) in sums {
      let complete = hoursInDay(date).map { entry.hours >= $0 } ?? true
      let total: Double? = complete ? entry.hundredths.map { Double($0) / 100 } : nil
      totals.updateValue(total, forKey: date)  // keeps the key for a missing day
    }
    return totals
  }

  // MARK: - Summary

  /// The indices for the days from `from` to `to` inclusive; a day absent from `totals` is missing.
  ///
  /// See ``summary(days:wetThreshold:hourly:probabilities:preceding:annualRule:)`` for the rules.
  ///
  /// - Parameters:
  ///   - windowsReachBack: take `rx5day` over the 5-day intervals ending on each day of the
  ///     period, using the 4 days before `from` from `totals` when they are there (ETCCDI's
  ///     monthly and annual Rx5day), instead of keeping windows inside the period.
  ///   - annualRule: also leave the indices empty when a calendar year of the period has more
  ///     than ``maximumMissingDaysPerYear`` missing days.
  public static func summary(
    from: LocalDate, to: LocalDate, totals: [LocalDate: Double?],
    wetThreshold: Double = etccdiWetThreshold, hourly: [Double?] = [],
    probabilities: [Double?] = [], windowsReachBack: Bool = false, annualRule: Bool = false
  ) -> PrecipitationSummary {
    let count = max(0, from.days(to: to) + 1)
    let days = (0..<count).map { offset in
      let date = from.adding(days: offset)
      return (date: date, mm: totals[date] ?? nil)
    }
    let preceding: [Double?] =
      windowsReachBack ? (1...4).reversed().map { totals[from.adding(days: -$0)] ?? nil } : []
    return summary(
      days: days, wetThreshold: wetThreshold, hourly: hourly, probabilities: probabilities,
      preceding: preceding, annualRule: annualRule)
  }

  /// ETCCDI precipitation indices (Zhang et al. 2011) over consecutive local days.
  ///
  /// Wet day: total ≥ `wetThreshold`; dry day: total < `wetThreshold`. `r10mm`/`r20mm` always use
  /// 10 and 20 mm. A missing day breaks dry and wet spells, and a 5-day window containing one does
  /// not count. Spells never reach outside the given days; `rx5day` is the largest sum of the
  /// 5-day intervals ending on each given day (ETCCDI: "the 5-day interval ending k"), whose
  /// first days come from `preceding` (the days just before, oldest first) when given, so a
  /// month's first days end windows too. The indices are nil when more than 3 days of any
  /// calendar month in the period are missing, with `annualRule` also when more than 15 days of
  /// a calendar year are, or when every day is (a short, clipped period of missing days is not a
  /// dry one).
  ///
  /// - Parameters:
  ///   - days: the period's local days with their totals in mm (nil = missing). They are meant to
  ///     be consecutive; they are sorted, a date given twice keeps its last value, and a date
  ///     skipped between the first and the last counts as a missing day.
  ///   - wetThreshold: the wet-day threshold in mm (ETCCDI: 1.0).
  ///   - hourly: the period's hourly amounts in mm, for `wetHours` (≥ 0.1 mm; nil hours skipped).
  ///   - probabilities: hourly or daily precipitation probabilities, for `maxProbability`.
  /// - Returns: the summary.
  public static func summary(
    days: [(date: LocalDate, mm: Double?)], wetThreshold: Double = etccdiWetThreshold,
    hourly: [Double?] = [], probabilities: [Double?] = [], preceding: [Double?] = [],
    annualRule: Bool = false
  ) -> PrecipitationSummary {
    let series = consecutive(days)
    let threshold = hundredths(wetThreshold) ?? (wetThreshold < 0 ? Int64.min : Int64.max)
    let values = series.map(\.hundredths)
    let daysMissing = values.count { $0 == nil }

    var summary = PrecipitationSummary(
      totalMM: nil, wetDays: nil, r10mm: nil, r20mm: nil, prcptot: nil, sdii: nil, cdd: nil,
      cwd: nil, rx1day: nil, rx5day: nil, wetHours: wetHours(hourly),
      maxProbability: probabilities.compactMap { $0 }.filter(\.isFinite).max(),
      days: series.count, daysMissing: daysMissing, wetThreshold: wetThreshold,
      isETCCDI: threshold == 100)

    var missingPerMonth: [Int: Int] = [:]
    var missingPerYear: [Int: Int] = [:]
    for day in series where day.hundredths == nil {
      missingPerMonth[day.date.year * 12 + day.date.month, default: 0] += 1
      missingPerYear[day.date.year, default: 0] += 1
    }
    let present = values.compactMap { $0 }
    // A period without a single total has no indices (not zero rain), whatever its length.
    guard !present.isEmpty,
      missingPerMonth.values.allSatisfy({ $0 <= maximumMissingDaysPerMonth }),
      !annualRule || missingPerYear.values.allSatisfy({ $0 <= maximumMissingDaysPerYear })
    else {
      return summary
    }

    let wet = present.filter { $0 >= threshold }
    let prcptot = wet.reduce(0, &+)
    summary.totalMM = Double(present.reduce(0, &+)) / 100
    summary.wetDays = wet.count
    summary.r10mm = present.count { $0 >= 1000 }
    summary.r20mm = present.count { $0 >= 2000 }
    summary.prcptot = Double(prcptot) / 100
    summary.sdii = wet.isEmpty ? 0 : Double(prcptot) / 100 / Double(wet.count)
    summary.cdd = longestRun(values) { $0 < threshold }
    summary.cwd = longestRun(values) { $0 >= threshold }
    summary.rx1day = present.max().map { Double($0) / 100 }
    let before = preceding.suffix(4).map { $0.flatMap(hundredths) }
    summary.rx5day = maximumWindowSum(before + values, length: 5, endingFrom: before.count)
      .map { Double($0) / 100 }
    return summary
  }

  // MARK: - Helpers

  /// The days sorted and made consecutive, gaps filled as missing, in hundredths.
  package static func consecutive(_ days: [(date: LocalDate, mm: Double?)])
    -> [(date: LocalDate, hundredths: Int64?)]
  {
    guard let first = days.map(\.date).min(), let last = days.map(\.date).max() else { return [] }
    var byDate: [LocalDate: Int64?] = [:]
    for (date, mm) in days { byDate[date] = mm.flatMap(hundredths) }
    return (0...first.days(to: last)).map { offset in
      let date = first.adding(days: offset)
      return (date: date, hundredths: byDate[date] ?? nil)
    }
  }

  /// Hours ≥ 0.1 mm, or nil when no hour has a value.
  package static func wetHours(_ hourly: [Double?]) -> Int? {
    let present = hourly.compactMap { $0.flatMap(hundredths) }
    guard !present.isEmpty else { return nil }
    return present.count { $0 >= 10 }
  }

  /// The longest run of present values satisfying `condition`; a missing value ends a run.
  package static func longestRun(_ values: [Int64?], where condition: (Int64) -> Bool) -> Int {
    var longest = 0
    var current = 0
    for value in values {
      if let value, condition(value) {
        current += 1
        longest = max(longest, current)
      } else {
        current = 0
      }
    }
    return longest
  }

  /// The largest sum over `length` consecutive values with none missing, among the windows
  /// ending at index `endingFrom` or later, or nil when none.
  package static func maximumWindowSum(_ values: [Int64?], length: Int, endingFrom: Int = 0)
    -> Int64?
  {
    guard length > 0, values.count >= length else { return nil }
    var best: Int64?
    for start in max(0, endingFrom - length + 1)...(values.count - length) {
      var sum: Int64 = 0
      var complete = true
      for value in values[start..<(start + length)] {
        guard let value else {
          complete = false
          break
        }
        sum &+= value
      }
      if complete { best = max(best ?? sum, sum) }
    }
    return best
  }
}
