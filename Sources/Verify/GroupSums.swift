import Analysis
import Store

/// One group's sums while `Verifier.scores` reads them: the total, and with `--ci` each valid
/// day's sums in date order.
package struct GroupSums {
  package var total = VerifySums()
  /// Day vectors (``VerifySums/fields(_:)`` layout), flattened, for days with a scored pair.
  package var days: [Double] = []
  package var dayCount = 0
  /// Daily mean error and mean squared error, for the automatic block length.
  package var dailyMeanError: [Double] = []
  package var dailyMeanSquaredError: [Double] = []
  package var firstDate: String?
  package var lastDate: String?

  /// Adds one valid day's sums (SQLite returns a group's days in date order).
  package mutating func addDay(
    _ sums: VerifySums, date: String?, fields: [VerifySums.Field]
  ) {
    total.add(sums, fields: fields)
    guard sums.n > 0 else { return }
    days += sums.vector(fields)
    dayCount += 1
    dailyMeanError.append(sums.sumError / sums.n)
    dailyMeanSquaredError.append(sums.sumSquaredError / sums.n)
    if let date {
      if firstDate == nil || date < firstDate! { firstDate = date }
      if lastDate == nil || date > lastDate! { lastDate = date }
    }
  }

  /// The automatic block length (Wilks's rule, at least ∛D days) for the larger lag-1
  /// autocorrelation of the daily mean error and
  /// the daily mean squared error.
  package func automaticBlockLength() -> Int? {
    guard dayCount > 0 else { return nil }
    let lag1 = [dailyMeanError, dailyMeanSquaredError].compactMap(
      BlockBootstrap.lag1Autocorrelation
    ).max()
    return BlockBootstrap.automaticBlockLength(days: dayCount, lag1: lag1 ?? 0)
  }

  /// The group's intervals with its own block length (`--block-days`, or the automatic one),
  /// or none and a note when its series is too short (`SeriesSufficiency`); an interval of
  /// zero width (every resample the same) is left out and named in the note.
  package func addIntervals(
    to row: inout VerifyRow, request: VerifyRequest, settings: BootstrapSettings,
    fields: [VerifySums.Field]
  ) {
    let length = settings.blockDays ?? automaticBlockLength() ?? 1
    if let problem = SeriesSufficiency.intervalProblem(days: dayCount, blockLength: length) {
      row.intervalNote = problem
      return
    }
    var intervals = self.intervals(
      request: request, settings: settings, blockDays: length, fields: fields)
    let constant = intervals.filter { $0.value.lo == $0.value.hi }.keys.sorted {
      $0.column < $1.column
    }
    for score in constant { intervals[score] = nil }
    if !constant.isEmpty {
      row.intervalNote =
        "no interval for \(constant.map(\.column).joined(separator: ", ")): every resample gave the same value"
    }
    row.intervals = intervals
    row.blockDays = length
  }

  /// Percentile intervals of every reported score from resampled days.
  package func intervals(
    request: VerifyRequest, settings: BootstrapSettings, blockDays: Int,
    fields: [VerifySums.Field]
  ) -> [VerifyScore: ScoreInterval] {
    guard dayCount > 0 else { return [:] }
    let scores = VerifyScore.reported(by: request).filter { !$0.needsPairs }
    let intervals = BlockBootstrap.intervals(
      days: days, width: fields.count, blockLength: blockDays, resamples: settings.resamples,
      seed: settings.seed, level: settings.level
    ) { vector in
      let row = VerifySums(vector: vector, fields: fields).row(keys: [], request: request)
      return scores.map { $0.value(row) }
    }
    var result: [VerifyScore: ScoreInterval] = [:]
    for (score, interval) in zip(scores, intervals) { result[score] = interval }
    return result
  }
}
