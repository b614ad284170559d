/// One group's sums while `Verifier.scores` reads them: the total, and with `--ci` each valid
/// day's sums in date order.
struct GroupSums {
  var total = VerifySums()
  /// Day vectors (``VerifySums/fields(_:)`` layout), flattened, for days with a scored pair.
  var days: [Double] = []
  var dayCount = 0
  /// Daily mean error and mean squared error, for the automatic block length.
  var dailyMeanError: [Double] = []
  var dailyMeanSquaredError: [Double] = []
  var firstDate: String?
  var lastDate: String?

  /// Adds one valid day's sums (SQLite returns a group's days in date order).
  mutating func addDay(
    _ sums: VerifySums, date: String?, fields: [WritableKeyPath<VerifySums, Double>]
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

  /// Wilks's block length for the larger lag-1 autocorrelation of the daily mean error and
  /// the daily mean squared error.
  func automaticBlockLength() -> Int? {
    guard dayCount > 0 else { return nil }
    let lag1 = [dailyMeanError, dailyMeanSquaredError].compactMap(
      BlockBootstrap.lag1Autocorrelation
    ).max()
    return BlockBootstrap.wilksBlockLength(days: dayCount, lag1: lag1 ?? 0)
  }

  /// Percentile intervals of every reported score from resampled days.
  func intervals(
    request: VerifyRequest, settings: BootstrapSettings, blockDays: Int,
    fields: [WritableKeyPath<VerifySums, Double>]
  ) -> [VerifyScore: ScoreInterval] {
    guard dayCount > 0 else { return [:] }
    let scores = VerifyScore.reported(by: request)
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
