/// A 2×2 contingency table of a yes/no event, forecast against observed (Wilks 2011 §8.2; WWRP/WGNE
/// JWGFVR "Forecast Verification: Issues, Methods and FAQ").
///
/// |            | observed yes | observed no |
/// |---|---|---|
/// | forecast yes | `a` hits | `b` false alarms |
/// | forecast no  | `c` misses | `d` correct negatives |
///
/// Every score is nil when its denominator is 0, never NaN.
public struct ContingencyTable: Sendable, Equatable {
  /// Hits: event forecast and observed.
  public var a: Int
  /// False alarms: event forecast, not observed.
  public var b: Int
  /// Misses: event observed, not forecast.
  public var c: Int
  /// Correct negatives: event neither forecast nor observed.
  public var d: Int

  public init(a: Int = 0, b: Int = 0, c: Int = 0, d: Int = 0) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }

  /// Counts one pair into the table.
  public mutating func add(forecastEvent: Bool, observedEvent: Bool) {
    switch (forecastEvent, observedEvent) {
    case (true, true): a += 1
    case (true, false): b += 1
    case (false, true): c += 1
    case (false, false): d += 1
    }
  }

  /// Counts one pair, testing both values against `threshold` with `op`.
  public mutating func add(
    forecast: Double, observed: Double, threshold: Double, op: EventOperator = .ge
  ) {
    add(
      forecastEvent: op.test(forecast, threshold: threshold),
      observedEvent: op.test(observed, threshold: threshold))
  }

  /// Number of pairs, a + b + c + d.
  public var n: Int { a + b + c + d }

  /// Probability of detection (hit rate), a / (a + c) (Wilks 2011 eq. 8.12).
  public var pod: Double? { ratio(Double(a), Double(a) + Double(c)) }

  /// False alarm ratio, b / (a + b) (Wilks 2011 eq. 8.11).
  public var far: Double? { ratio(Double(b), Double(a) + Double(b)) }

  /// Probability of false detection (false alarm rate), b / (b + d) (Wilks 2011 eq. 8.13).
  public var pofd: Double? { ratio(Double(b), Double(b) + Double(d)) }

  /// Critical success index (threat score), a / (a + b + c) (Wilks 2011 eq. 8.8).
  public var csi: Double? { ratio(Double(a), Double(a) + Double(b) + Double(c)) }

  /// Equitable threat (Gilbert skill) score, (a − a_r) / (a + b + c − a_r) with
  /// a_r = (a + b)(a + c) / n (Wilks 2011 eq. 8.18).
  public var ets: Double? {
    let total = Double(n)
    guard total > 0 else { return nil }
    let random = (Double(a) + Double(b)) * (Double(a) + Double(c)) / total
    return ratio(Double(a) - random, Double(a) + Double(b) + Double(c) - random)
  }

  /// Frequency bias, (a + b) / (a + c) (Wilks 2011 eq. 8.10).
  public var fbias: Double? { ratio(Double(a) + Double(b), Double(a) + Double(c)) }

  /// Heidke skill score, 2(ad − bc) / [(a + c)(c + d) + (a + b)(b + d)] (Wilks 2011 eq. 8.16).
  public var hss: Double? {
    let (a, b, c, d) = (Double(a), Double(b), Double(c), Double(d))
    return ratio(2 * (a * d - b * c), (a + c) * (c + d) + (a + b) * (b + d))
  }

  /// Proportion correct, (a + d) / n (Wilks 2011 eq. 8.7).
  public var pc: Double? { ratio(Double(a) + Double(d), Double(n)) }

  private func ratio(_ numerator: Double, _ denominator: Double) -> Double? {
    guard denominator != 0 else { return nil }
    let value = numerator / denominator
    return value.isFinite ? value : nil
  }
}
