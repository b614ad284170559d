/// Precipitation indices for one city and period, built by
/// ``PrecipitationIndices/summary(days:wetThreshold:hourly:probabilities:)``.
///
/// Field names follow the SQL/CSV column names (`total_mm`, `wet_days`, `r10mm`, …). The indices
/// (every optional field except `wetHours` and `maxProbability`) are nil when more than
/// ``PrecipitationIndices/maximumMissingDaysPerMonth`` days of a calendar month in the period are
/// missing.
public struct PrecipitationSummary: Sendable, Equatable {
  /// Sum of the available daily totals, mm.
  public var totalMM: Double?
  /// Days with total ≥ the wet threshold.
  public var wetDays: Int?
  /// Days with total ≥ 10 mm (ETCCDI R10mm; independent of the wet threshold).
  public var r10mm: Int?
  /// Days with total ≥ 20 mm (ETCCDI R20mm; independent of the wet threshold).
  public var r20mm: Int?
  /// Sum on wet days, mm (ETCCDI PRCPTOT).
  public var prcptot: Double?
  /// Simple daily intensity: `prcptot` / `wetDays`, mm/day, 0 when there is no wet day (ETCCDI
  /// SDII).
  public var sdii: Double?
  /// Longest run of dry days (total < threshold) inside the period (ETCCDI CDD).
  public var cdd: Int?
  /// Longest run of wet days (total ≥ threshold) inside the period (ETCCDI CWD).
  public var cwd: Int?
  /// Largest daily total, mm (ETCCDI Rx1day); nil when no day has a value.
  public var rx1day: Double?
  /// Largest 5-day running sum over complete windows inside the period, mm (ETCCDI Rx5day); nil
  /// under 5 days or when every window has a missing day.
  public var rx5day: Double?
  /// Hours with at least 0.1 mm; nil when no hourly amount is available.
  public var wetHours: Int?
  /// Highest precipitation probability given, as given (Open-Meteo: %); nil when none.
  public var maxProbability: Double?
  /// Local days in the period.
  public var days: Int
  /// Days of the period without a total.
  public var daysMissing: Int
  /// The wet-day threshold used, mm.
  public var wetThreshold: Double
  /// True when the threshold is the ETCCDI 1.0 mm, so the indices are the ETCCDI ones.
  public var isETCCDI: Bool

  public init(
    totalMM: Double?, wetDays: Int?, r10mm: Int?, r20mm: Int?, prcptot: Double?, sdii: Double?,
    cdd: Int?, cwd: Int?, rx1day: Double?, rx5day: Double?, wetHours: Int?,
    maxProbability: Double?, days: Int, daysMissing: Int, wetThreshold: Double, isETCCDI: Bool
  ) {
    self.totalMM = totalMM
    self.wetDays = wetDays
    self.r10mm = r10mm
    self.r20mm = r20mm
    self.prcptot = prcptot
    self.sdii = sdii
    self.cdd = cdd
    self.cwd = cwd
    self.rx1day = rx1day
    self.rx5day = rx5day
    self.wetHours = wetHours
    self.maxProbability = maxProbability
    self.days = days
    self.daysMissing = daysMissing
    self.wetThreshold = wetThreshold
    self.isETCCDI = isETCCDI
  }
}
