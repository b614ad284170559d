import Foundation

/// The discrimination and rare-event scores of a 2×2 table, H = POD and F = POFD; each is nil
/// where verif 1.4 (`verif.metric`) returns NaN.
extension ContingencyTable {
  /// Peirce skill score (Hanssen–Kuipers discriminant, KSS), (ad − bc) / [(a + c)(b + d)] =
  /// H − F (Wilks 2011 eq. 8.17; verif `Kss`).
  public var kss: Double? {
    let (a, b, c, d) = (Double(a), Double(b), Double(c), Double(d))
    return quotient(a * d - b * c, (a + c) * (b + d))
  }

  /// Odds ratio, ad / bc (Stephenson 2000; verif `Or`).
  public var oddsRatio: Double? {
    quotient(Double(a) * Double(d), Double(b) * Double(c))
  }

  /// Yule's Q (odds ratio skill score), (ad − bc) / (ad + bc) (Stephenson 2000; verif `YulesQ`).
  public var yulesQ: Double? {
    let (a, b, c, d) = (Double(a), Double(b), Double(c), Double(d))
    return quotient(a * d - b * c, a * d + b * c)
  }

  /// Extremal dependence index, (ln F − ln H) / (ln F + ln H) (Ferro & Stephenson 2011 eq. 2;
  /// verif `Edi`); nil when H or F is 0.
  public var edi: Double? {
    guard let (h, f) = rates, h > 0, f > 0 else { return nil }
    return quotient(log(f) - log(h), log(f) + log(h))
  }

  /// Symmetric extremal dependence index, [ln F − ln H − ln(1 − F) + ln(1 − H)] / [ln F + ln H
  /// + ln(1 − F) + ln(1 − H)] (Ferro & Stephenson 2011 eq. 3; verif `Sedi`); nil when H or F
  /// is 0 or 1.
  public var sedi: Double? {
    guard let (h, f) = rates, h > 0, h < 1, f > 0, f < 1 else { return nil }
    return quotient(
      log(f) - log(h) - log(1 - f) + log(1 - h), log(f) + log(h) + log(1 - f) + log(1 - h))
  }

  /// H and F, nil when either is undefined (no observed events or no observed non-events).
  private var rates: (h: Double, f: Double)? {
    guard a + c > 0, b + d > 0 else { return nil }
    return (Double(a) / Double(a + c), Double(b) / Double(b + d))
  }

  private func quotient(_ numerator: Double, _ denominator: Double) -> Double? {
    guard denominator != 0 else { return nil }
    let value = numerator / denominator
    return value.isFinite ? value : nil
  }
}
